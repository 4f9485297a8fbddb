// gradvec.bpe's engine: a BPE file (text/bpe/bpe_file.h) read once, encoding str to token
// ids and decoding them back with the encoder `gradvec bpe encode` runs. Training a BPE file is
// `gradvec bpe train` itself, through run_command (python/gradvec/bpe.py).
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "text/bpe/bpe_encoder.h"
#include "text/bpe/bpe_file.h"
#include "python/bindings.h"

namespace py = pybind11;

namespace gv::python {
namespace {

class Tokenizer {
 public:
  explicit Tokenizer(const std::string& path) : vocabulary_(bpe::load_bpe(path)) {}
  // The encoder holds a reference to vocabulary_, which a copy would leave behind.
  Tokenizer(const Tokenizer&) = delete;
  Tokenizer& operator=(const Tokenizer&) = delete;

  // With the GIL held: the encoder's cache is not shared between threads.
  std::vector<bpe::TokenId> encode(const py::str& text) { return encoder_.encode(to_bytes(text)); }

  py::str decode(const std::vector<int64_t>& ids) const {
    std::vector<bpe::TokenId> checked;
    checked.reserve(ids.size());
    for (const int64_t id : ids) {
      if (id < 0 || id >= vocabulary_.size()) {  // as bpe decode refuses one
        throw std::invalid_argument("token id " + std::to_string(id) + " is not in [0, " +
                                    std::to_string(vocabulary_.size()) + ")");
      }
      checked.push_back(static_cast<bpe::TokenId>(id));
    }
    return to_python(vocabulary_.decode(checked));
  }

  int64_t size() const { return vocabulary_.size(); }

 private:
  bpe::BpeTokens vocabulary_;
  bpe::BpeEncoder encoder_{vocabulary_};
};

}  // namespace

void bind_bpe(py::module_& module) {
  py::class_<Tokenizer>(module, "BpeTokenizer")
      .def(py::init<const std::string&>(), py::arg("path"))
      .def("encode", &Tokenizer::encode, py::arg("text"))
      .def("decode", &Tokenizer::decode, py::arg("ids"))
      .def("__len__", &Tokenizer::size);
}

}  // namespace gv::python
