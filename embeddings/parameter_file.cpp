#include "embeddings/parameter_file.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <stdexcept>

#include "autograd/io/atomic_file.h"

namespace gv {

// The format is little-endian and this code writes memory as it is: say so loudly on a
// big-endian machine rather than writing files nobody else can read.
static_assert(std::endian::native == std::endian::little, "parameter files are little-endian");

namespace {

constexpr char kMagic[8] = {'G', 'V', 'P', 'A', 'R', 'A', 'M', 'S'};
constexpr uint32_t kVersion = 1;
// No tensor here has more dims; a larger count means a corrupt header, not a big tensor.
constexpr uint32_t kMaxDims = 8;

template <typename T>
void write_pod(std::ostream& out, const T& value) {
  out.write(reinterpret_cast<const char*>(&value), sizeof value);
}

// Reads a file's header fields, turning a short read into an error that names the file.
class HeaderReader {
 public:
  HeaderReader(std::ifstream& in, const std::string& path) : in_(in), path_(path) {}

  template <typename T>
  T read(const char* field) {
    T value{};
    if (!in_.read(reinterpret_cast<char*>(&value), sizeof value)) {
      fail(std::string("truncated: file ends inside the header (") + field + ")");
    }
    return value;
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error(path_ + ": " + what);
  }

 private:
  std::ifstream& in_;
  const std::string& path_;
};

}  // namespace

void save_parameters(const std::vector<Var>& params, const std::string& path) {
  write_file_atomically(path, [&](std::ostream& out) {
    out.write(kMagic, sizeof kMagic);
    write_pod(out, kVersion);
    write_pod(out, static_cast<uint32_t>(params.size()));
    for (const Var& p : params) {
      write_pod(out, static_cast<uint32_t>(p.shape().size()));
      for (int64_t d : p.shape()) write_pod(out, d);
    }
    for (const Var& p : params) {
      out.write(reinterpret_cast<const char*>(p.value().data()),
                static_cast<std::streamsize>(p.numel() * sizeof(float)));
    }
  });
}

void load_parameters(const std::vector<Var>& params, const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
  HeaderReader header(in, path);

  const auto magic = header.read<std::array<char, sizeof kMagic>>("magic");
  if (!std::equal(magic.begin(), magic.end(), kMagic)) {
    header.fail("not a gradvec parameter file (bad magic)");
  }
  const auto version = header.read<uint32_t>("version");
  if (version != kVersion) {
    header.fail("unsupported version " + std::to_string(version) + " (this build reads version " +
                std::to_string(kVersion) + ")");
  }
  const auto count = header.read<uint32_t>("count");
  if (count != params.size()) {
    header.fail("holds " + std::to_string(count) + " tensors, the module has " +
                std::to_string(params.size()));
  }
  int64_t data_bytes = 0;
  for (size_t i = 0; i < params.size(); ++i) {
    const auto ndim = header.read<uint32_t>("shape");
    if (ndim > kMaxDims) {
      header.fail("tensor " + std::to_string(i) + " claims " + std::to_string(ndim) +
                  " dims (corrupt header?)");
    }
    Shape shape(ndim);
    for (int64_t& d : shape) d = header.read<int64_t>("shape");
    if (shape != params[i].shape()) {
      header.fail("tensor " + std::to_string(i) + " has shape " + shape_str(shape) +
                  ", the module expects " + shape_str(params[i].shape()));
    }
    data_bytes += params[i].numel() * static_cast<int64_t>(sizeof(float));
  }

  const std::streamoff data_start = in.tellg();
  in.seekg(0, std::ios::end);
  const int64_t available = static_cast<int64_t>(in.tellg() - data_start);
  if (available != data_bytes) {
    header.fail((available < data_bytes ? "truncated: " : "trailing bytes: ") +
                std::string("the shapes need ") + std::to_string(data_bytes) +
                " bytes of data, the file holds " + std::to_string(available));
  }
  in.seekg(data_start);

  // Read everything before touching the module, so a read error cannot leave it half loaded.
  std::vector<Tensor> loaded;
  loaded.reserve(params.size());
  for (const Var& p : params) {
    Tensor t(p.shape());
    if (!in.read(reinterpret_cast<char*>(t.data()),
                 static_cast<std::streamsize>(t.numel() * sizeof(float)))) {
      header.fail("read error in the data section");
    }
    loaded.push_back(std::move(t));
  }
  for (size_t i = 0; i < params.size(); ++i) {
    Var handle = params[i];  // a Var is a handle: this writes into the module's own tensor
    std::copy_n(loaded[i].data(), loaded[i].numel(), handle.value().data());
  }
}

}  // namespace gv
