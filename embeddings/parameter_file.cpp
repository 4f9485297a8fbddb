#include "embeddings/parameter_file.h"

#include <algorithm>

#include "io/atomic_file.h"
#include "autograd/tensor_io.h"

namespace gv {

namespace {

constexpr FileFormat kFormat{"parameter file", "GVPARAMS", 1};
// The smallest record a tensor count stands for: a shape of no dims.
constexpr int64_t kMinShapeBytes = sizeof(uint32_t);

}  // namespace

void save_parameters(const std::vector<Var>& params, const std::string& path) {
  write_file_atomically(path, [&](std::ostream& out) {
    TensorWriter w(out, kFormat);
    w.count(static_cast<int64_t>(params.size()));
    for (const Var& p : params) w.shape(p.shape());
    for (const Var& p : params) w.floats(p.value().data(), p.numel());
  });
}

void load_parameters(const std::vector<Var>& params, const std::string& path) {
  TensorReader r(path, kFormat);
  const int64_t count = r.count("tensor count", kMinShapeBytes);
  if (count != static_cast<int64_t>(params.size())) {
    r.mismatch("holds " + std::to_string(count) + " tensors, the module has " +
               std::to_string(params.size()));
  }
  for (size_t i = 0; i < params.size(); ++i) {
    const Shape shape = r.shape("shape");
    if (shape != params[i].shape()) {
      r.mismatch("tensor " + std::to_string(i) + " has shape " + shape_str(shape) +
                 ", the module expects " + shape_str(params[i].shape()));
    }
  }
  // Read everything before touching the module, so a bad file cannot leave it half loaded.
  std::vector<Tensor> loaded;
  loaded.reserve(params.size());
  for (size_t i = 0; i < params.size(); ++i) {
    Tensor t(params[i].shape());
    r.floats(t, ("tensor " + std::to_string(i)).c_str());
    loaded.push_back(std::move(t));
  }
  r.finish();
  for (size_t i = 0; i < params.size(); ++i) {
    Var handle = params[i];  // a Var is a handle: this writes into the module's own tensor
    std::copy_n(loaded[i].data(), loaded[i].numel(), handle.value().data());
  }
}

}  // namespace gv
