// Rotary positions (RoPE) as one op: each pair of dims of row t turned by its angle at t. The
// same rotation composed from mul, slice, neg, concat and add takes seven nodes and as many
// passes over (B, T, C) for each of q and k; the tests check this op against that composition.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include "autograd/ops.h"
#include "autograd/ops/op_support.h"

namespace gv {

namespace {

// Turns every pair of `row` (C floats, groups of D) by the angles in cos_t and sin_t (D floats):
// (a, b) -> (a cos - b sin, b cos + a sin), or with `backward` by the opposite angles, the
// rotation's transpose, added into `out` (an input gradient) instead of stored.
void rotate_row(const float* __restrict__ row, const float* cos_t, const float* sin_t,
                float* __restrict__ out, int64_t c, int64_t d, bool interleaved, bool backward) {
  const int64_t pairs = d / 2;
  // Pair i is dims (i, i + D/2) of its group, or (2i, 2i + 1) interleaved.
  const int64_t first_step = interleaved ? 2 : 1, partner = interleaved ? 1 : pairs;
  const float sign = backward ? -1.0f : 1.0f;
  for (int64_t group = 0; group < c; group += d) {
    const float* x = row + group;
    float* y = out + group;
#pragma omp simd
    for (int64_t i = 0; i < pairs; ++i) {
      const int64_t j = i * first_step;
      const float a = x[j], b = x[j + partner];
      const float cos_a = cos_t[j], sin_a = sign * sin_t[j];
      const float y_first = a * cos_a - b * sin_a, y_second = b * cos_a + a * sin_a;
      y[j] = backward ? y[j] + y_first : y_first;
      y[j + partner] = backward ? y[j + partner] + y_second : y_second;
    }
  }
}

}  // namespace

Var rotate_pairs(const Var& x, const Tensor& cos, const Tensor& sin, bool interleaved) {
  const Shape& shape = x.shape();
  if (shape.size() < 2 || cos.shape().size() != 2 || sin.shape() != cos.shape()) {
    throw std::invalid_argument("rotate_pairs: expected x (..., T, C) and cos, sin (T, D), got " +
                                shape_str(shape) + ", " + shape_str(cos.shape()) + ", " +
                                shape_str(sin.shape()));
  }
  const int64_t length = shape[shape.size() - 2], c = shape.back(), d = cos.size(1);
  if (cos.size(0) < length || d % 2 != 0 || d == 0 || c % d != 0) {
    throw std::invalid_argument("rotate_pairs: tables " + shape_str(cos.shape()) +
                                " need T >= " + std::to_string(length) +
                                " rows and an even D dividing C = " + std::to_string(c));
  }
  const int64_t rows = dims_product(shape, 0, shape.size() - 1);
  Tensor out = Tensor::uninitialized(shape);
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t t = r % length;
    rotate_row(x.value().data() + r * c, cos.data() + t * d, sin.data() + t * d, out.data() + r * c,
               c, d, interleaved, /*backward=*/false);
  }
  return make_result(
      std::move(out), {x},
      // The tables are constants: shared, not copied, for the backward.
      [rows, length, c, d, interleaved, cos = cos.alias(), sin = sin.alias()](Node& self) {
        float* gx = self.inputs[0]->grad_data();
        if (!gx) return;
        for (int64_t r = 0; r < rows; ++r) {
          const int64_t t = r % length;
          rotate_row(self.grad.data() + r * c, cos.data() + t * d, sin.data() + t * d, gx + r * c,
                     c, d, interleaved, /*backward=*/true);
        }
      },
      "rotate_pairs");
}

}  // namespace gv
