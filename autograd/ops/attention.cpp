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

// Query t sees keys 0..t only, so the products run over blocks of query rows, each taking the
// keys up to its last row: what the mask zeroes is mostly never computed. A sum that skips
// zeros is the same sum, so the results are those of the whole products.
constexpr int64_t kQueryBlock = 16;
template <typename Body>
void for_each_query_block(int64_t length, Body body) {
  for (int64_t begin = 0; begin < length; begin += kQueryBlock) {
    body(begin, std::min(length, begin + kQueryBlock));
  }
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

Var causal_attention(const Var& q, const Var& k, const Var& v, float scale, int64_t heads) {
  const Shape& shape = q.shape();
  if (shape.size() < 2 || k.shape() != shape || v.shape() != shape) {
    throw std::invalid_argument(
        "causal_attention: expected q, k, v of one shape (..., T, C), got " + shape_str(shape) +
        ", " + shape_str(k.shape()) + ", " + shape_str(v.shape()));
  }
  if (heads < 1 || shape.back() % heads != 0) {
    throw std::invalid_argument("causal_attention: " + std::to_string(heads) +
                                " heads do not divide C = " + std::to_string(shape.back()));
  }
  // The rows' maximum is taken before scaling: a negative scale would make it the minimum.
  if (!(scale > 0.0f)) {
    throw std::invalid_argument("causal_attention: scale must be positive, got " +
                                std::to_string(scale));
  }
  // Head h of sequence s is the (T, D) matrix at column h D of the (T, C) slice s, its rows C
  // floats apart: the products read and write it in place, so no head is copied out.
  const int64_t c = shape.back(), d = c / heads, length = shape[shape.size() - 2];
  const int64_t heads_total = dims_product(shape, 0, shape.size() - 2) * heads;
  const int64_t p_size = length * length;
  const auto head_at = [=](int64_t head) {
    return (head / heads) * length * c + (head % heads) * d;
  };
  // P (sequences x heads, T, T), kept for the backward.
  Tensor probs = Tensor::uninitialized({heads_total, length, length});
  Tensor out = Tensor::uninitialized(shape);  // every head written by its product with V
  std::vector<float> k_t;
  for (int64_t head = 0; head < heads_total; ++head) {
    const int64_t at = head_at(head);
    const float* q_h = q.value().data() + at;
    const float* v_h = v.value().data() + at;
    float* p = probs.data() + head * p_size;
    // Scores q k^T in P's storage, then the softmax of each row, in place (zero past t).
    pack_transposed(k.value().data() + at, c, length, d, k_t);
    for_each_query_block(length, [&](int64_t begin, int64_t end) {
      gemm_write({q_h + begin * c, c, 1}, k_t.data(), length, p + begin * length, length,
                 end - begin, d, end);
    });
    for (int64_t t = 0; t < length; ++t) {
      kernels().causal_softmax_row(p + t * length, p + t * length, t, length, scale);
    }
    // out = P V: rows of a block weigh the values up to its last row.
    for_each_query_block(length, [&](int64_t begin, int64_t end) {
      gemm_write({p + begin * length, length, 1}, v_h, c, out.data() + at + begin * c, c,
                 end - begin, end, d);
    });
  }
  return make_result(
      std::move(out), {q, k, v},
      [heads_total, length, d, c, scale, p_size, head_at, probs = std::move(probs)](Node& self) {
        const float* q = self.inputs[0]->value.data();
        const float* k = self.inputs[1]->value.data();
        const float* v = self.inputs[2]->value.data();
        // Each head of dV, dQ and dK is one product's: written whole when the buffer is new.
        // Asked for in the order each head writes them, so that when two are one node's (q and k
        // one tensor), the first to write a head stores it and the next adds.
        const GradBuffer gv = self.inputs[2]->grad_buffer();
        const GradBuffer gq = self.inputs[0]->grad_buffer();
        const GradBuffer gk = self.inputs[1]->grad_buffer();
        const auto product_into = [](const GradBuffer& g) {
          return g.fresh ? gemm_write : gemm_add;
        };
        std::vector<float> v_t, dp(static_cast<size_t>(p_size)), ds(static_cast<size_t>(p_size));
        for (int64_t head = 0; head < heads_total; ++head) {
          const float* p = probs.data() + head * p_size;
          const int64_t at = head_at(head);
          const float* dout = self.grad.data() + at;
          // dV = P^T dO: row j of dV sums over the queries j..T-1 that see key j.
          if (gv) {
            for_each_query_block(length, [&](int64_t begin, int64_t end) {
              product_into(gv)({p + begin * length + begin, 1, length}, dout + begin * c, c,
                               gv.data + at + begin * c, c, end - begin, length - begin, d);
            });
          }
          if (!gq && !gk) continue;
          // dP = dO V^T where P is not masked, then dS = the softmax backward of each row, times
          // scale.
          pack_transposed(v + at, c, length, d, v_t);
          for_each_query_block(length, [&](int64_t begin, int64_t end) {
            gemm_write({dout + begin * c, c, 1}, v_t.data(), length, dp.data() + begin * length,
                       length, end - begin, d, end);
          });
          std::fill(ds.begin(), ds.end(), 0.0f);
          for (int64_t t = 0; t < length; ++t) {
            kernels().softmax_row_backward(p + t * length, dp.data() + t * length,
                                           ds.data() + t * length, t, scale);
          }
          // dQ = dS K and dK = dS^T Q, over the keys, and the queries, that dS does not mask.
          for_each_query_block(length, [&](int64_t begin, int64_t end) {
            if (gq) {
              product_into(gq)({ds.data() + begin * length, length, 1}, k + at, c,
                               gq.data + at + begin * c, c, end - begin, end, d);
            }
            if (gk) {
              product_into(gk)({ds.data() + begin * length + begin, 1, length}, q + at + begin * c,
                               c, gk.data + at + begin * c, c, end - begin, length - begin, d);
            }
          });
        }
      },
      "causal_attention");
}

}  // namespace gv
