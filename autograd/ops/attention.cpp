// Causal self-attention: the masked softmax on its own, and the whole of
// softmax(q k^T * scale, causal) @ v as one fused op whose backward the tests check against the
// same computation composed from matmul, transpose, mul_scalar and causal_softmax.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "autograd/ops.h"
#include "autograd/ops/gemm.h"
#include "autograd/ops/op_support.h"
#include "autograd/simd/kernel_table.h"

namespace gv {

namespace {

// The (..., T, T) shape of a score tensor as (matrices, T); throws unless square.
RowsView square_matrices(const Shape& shape, const char* op) {
  if (shape.size() < 2 || shape.back() != shape[shape.size() - 2]) {
    throw std::invalid_argument(std::string(op) + ": expected scores (..., T, T), got " +
                                shape_str(shape));
  }
  return {dims_product(shape, 0, shape.size() - 2), shape.back()};
}

}  // namespace

Var causal_softmax(const Var& scores) {
  const RowsView view = square_matrices(scores.shape(), "causal_softmax");
  const int64_t length = view.cols, rows = view.rows * length;
  Tensor out = Tensor::uninitialized(scores.shape());
  for (int64_t r = 0; r < rows; ++r) {
    kernels().causal_softmax_row(scores.value().data() + r * length, out.data() + r * length,
                                 r % length, length, 1.0f);
  }
  return make_result(
      std::move(out), {scores},
      [rows, length](Node& self) {
        float* gx = self.inputs[0]->grad_data();
        if (!gx) return;
        for (int64_t r = 0; r < rows; ++r) {
          kernels().softmax_row_backward(self.value.data() + r * length,
                                         self.grad.data() + r * length, gx + r * length, r % length,
                                         1.0f);
        }
      },
      "causal_softmax");
}

Var causal_attention(const Var& q, const Var& k, const Var& v, float scale) {
  const Shape& shape = q.shape();
  if (shape.size() < 2 || k.shape() != shape || v.shape() != shape) {
    throw std::invalid_argument(
        "causal_attention: expected q, k, v of one shape (..., T, D), got " + shape_str(shape) +
        ", " + shape_str(k.shape()) + ", " + shape_str(v.shape()));
  }
  // The rows' maximum is taken before scaling: a negative scale would make it the minimum.
  if (!(scale > 0.0f)) {
    throw std::invalid_argument("causal_attention: scale must be positive, got " +
                                std::to_string(scale));
  }
  const int64_t d = shape.back(), length = shape[shape.size() - 2];
  const int64_t slices = dims_product(shape, 0, shape.size() - 2);
  const int64_t qkv_size = length * d, p_size = length * length;
  Shape p_shape(shape.begin(), shape.end() - 1);
  p_shape.push_back(length);
  Tensor probs = Tensor::uninitialized(p_shape);  // P (..., T, T), kept for the backward
  Tensor out = Tensor::uninitialized(shape);      // every slice written by its product with V
  std::vector<float> k_t;
  for (int64_t s = 0; s < slices; ++s) {
    const float* q_s = q.value().data() + s * qkv_size;
    float* p = probs.data() + s * p_size;
    // Scores q k^T in P's storage (every element of the square: the masked half is cheaper
    // to compute than to skip at tile granularity), then the softmax of each row, in place.
    pack_transposed(k.value().data() + s * qkv_size, d, length, d, k_t);
    gemm_write({q_s, d, 1}, k_t.data(), length, p, length, length, d, length);
    for (int64_t t = 0; t < length; ++t) {
      kernels().causal_softmax_row(p + t * length, p + t * length, t, length, scale);
    }
    gemm_write({p, length, 1}, v.value().data() + s * qkv_size, d, out.data() + s * qkv_size, d,
               length, length, d);
  }
  return make_result(
      std::move(out), {q, k, v},
      [slices, length, d, scale, qkv_size, p_size, probs = std::move(probs)](Node& self) {
        const float* q = self.inputs[0]->value.data();
        const float* k = self.inputs[1]->value.data();
        const float* v = self.inputs[2]->value.data();
        // Each slice of dV, dQ and dK is one product's: written whole when the buffer is new.
        // Asked for in the order each slice writes them, so that when two are one node's (q and k
        // one tensor), the first to write a slice stores it and the next adds.
        const GradBuffer gv = self.inputs[2]->grad_buffer();
        const GradBuffer gq = self.inputs[0]->grad_buffer();
        const GradBuffer gk = self.inputs[1]->grad_buffer();
        const auto product_into = [](const GradBuffer& g) {
          return g.fresh ? gemm_write : gemm_add;
        };
        std::vector<float> v_t, dp(static_cast<size_t>(p_size)), ds(static_cast<size_t>(p_size));
        for (int64_t s = 0; s < slices; ++s) {
          const float* p = probs.data() + s * p_size;
          const float* dout = self.grad.data() + s * qkv_size;
          const int64_t at = s * qkv_size;
          // dV = P^T dO.
          if (gv) product_into(gv)({p, 1, length}, dout, d, gv.data + at, d, length, length, d);
          if (!gq && !gk) continue;
          // dP = dO V^T, then dS = the softmax backward of each row, times scale.
          pack_transposed(v + at, d, length, d, v_t);
          gemm_write({dout, d, 1}, v_t.data(), length, dp.data(), length, length, d, length);
          std::fill(ds.begin(), ds.end(), 0.0f);
          for (int64_t t = 0; t < length; ++t) {
            kernels().softmax_row_backward(p + t * length, dp.data() + t * length,
                                           ds.data() + t * length, t, scale);
          }
          // dQ = dS K, dK = dS^T Q.
          if (gq) {
            product_into(gq)({ds.data(), length, 1}, k + at, d, gq.data + at, d, length, length, d);
          }
          if (gk) {
            product_into(gk)({ds.data(), 1, length}, q + at, d, gk.data + at, d, length, length, d);
          }
        }
      },
      "causal_attention");
}

}  // namespace gv
