// Reductions: sum and mean over all elements or along one dim.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "autograd/ops.h"
#include "autograd/ops/op_support.h"

namespace gv {

namespace {

// A possibly negative dim as an index into `shape`; throws std::out_of_range naming both.
size_t normalize_dim(int64_t dim, const Shape& shape, const char* op) {
  const int64_t n = static_cast<int64_t>(shape.size());
  const int64_t d = dim < 0 ? dim + n : dim;
  if (d < 0 || d >= n) {
    throw std::out_of_range(std::string(op) + ": dim " + std::to_string(dim) +
                            " out of range for shape " + shape_str(shape));
  }
  return static_cast<size_t>(d);
}

// scale * Σ over all elements -> shape (): sum and mean.
Var reduce_all(const Var& a, float scale, const char* op) {
  const float* x = a.value().data();
  const int64_t n = a.numel();
  float total = 0.0f;
  for (int64_t i = 0; i < n; ++i) total += x[i];
  return make_result(
      Tensor::scalar(scale * total), {a},
      [scale, n](Node& self) {
        float* gx = self.inputs[0]->grad_data();
        if (!gx) return;
        const float g = scale * self.grad[0];
        for (int64_t i = 0; i < n; ++i) gx[i] += g;
      },
      op);
}

// scale * Σ along `dim`: sum and mean along a dim. The input is viewed as (outer, n, inner)
// and the output as (outer, inner), so the innermost loop is contiguous in both.
Var reduce_dim(const Var& a, int64_t dim, bool keepdim, bool average, const char* op) {
  const Shape& shape = a.shape();
  const size_t d = normalize_dim(dim, shape, op);
  const int64_t outer = dims_product(shape, 0, d);
  const int64_t n = shape[d];
  const int64_t inner = dims_product(shape, d + 1, shape.size());
  const float scale = average ? 1.0f / static_cast<float>(n) : 1.0f;
  Shape out_shape = shape;
  if (keepdim) {
    out_shape[d] = 1;
  } else {
    out_shape.erase(out_shape.begin() + static_cast<std::ptrdiff_t>(d));
  }
  Tensor out(out_shape);
  const float* x = a.value().data();
  float* y = out.data();
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t k = 0; k < n; ++k) {
      const float* x_row = x + (o * n + k) * inner;
      for (int64_t i = 0; i < inner; ++i) y[o * inner + i] += x_row[i];
    }
  }
  for (int64_t i = 0; i < out.numel(); ++i) y[i] *= scale;
  return make_result(
      std::move(out), {a},
      [outer, n, inner, scale](Node& self) {
        float* gx = self.inputs[0]->grad_data();
        if (!gx) return;
        const float* g = self.grad.data();
        for (int64_t o = 0; o < outer; ++o) {
          for (int64_t k = 0; k < n; ++k) {
            float* gx_row = gx + (o * n + k) * inner;
            for (int64_t i = 0; i < inner; ++i) gx_row[i] += scale * g[o * inner + i];
          }
        }
      },
      op);
}

}  // namespace

Var sum(const Var& a) {
  return reduce_all(a, 1.0f, "sum");
}

Var sum(const Var& a, int64_t dim, bool keepdim) {
  return reduce_dim(a, dim, keepdim, /*average=*/false, "sum");
}

Var mean(const Var& a) {
  return reduce_all(a, 1.0f / static_cast<float>(a.numel()), "mean");
}

Var mean(const Var& a, int64_t dim, bool keepdim) {
  return reduce_dim(a, dim, keepdim, /*average=*/true, "mean");
}

}  // namespace gv
