// The differentiable ops. Each one computes its result eagerly and records, right beside
// the forward loop, how the output gradient flows back to its inputs. They are defined in
// autograd/ops/, one file per kind, named in each section below.
//
// Shapes are written (B, T, C) style. Elementwise binary ops broadcast NumPy-style:
// shapes are aligned at the right and a dimension of size 1 (or a missing leading one)
// stretches, so (B, T, C) + (T, C) works and the gradient of the (T, C) side is summed
// back over B. Dims may be negative (-1 is the last), as in PyTorch.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "autograd/var.h"

namespace gv {

// ---- elementwise, with broadcasting: ops/broadcast.cpp ----
Var add(const Var& a, const Var& b);
Var sub(const Var& a, const Var& b);
Var mul(const Var& a, const Var& b);
Var div(const Var& a, const Var& b);

// ---- negation and scalar operands: ops/elementwise.cpp ----
Var neg(const Var& a);
Var add_scalar(const Var& a, float s);
Var mul_scalar(const Var& a, float s);
// a ** p for a constant exponent (a > 0 unless p is a whole number).
Var pow_scalar(const Var& a, float p);

inline Var operator+(const Var& a, const Var& b) {
  return add(a, b);
}
inline Var operator-(const Var& a, const Var& b) {
  return sub(a, b);
}
inline Var operator*(const Var& a, const Var& b) {
  return mul(a, b);
}
inline Var operator/(const Var& a, const Var& b) {
  return div(a, b);
}
inline Var operator-(const Var& a) {
  return neg(a);
}
inline Var operator+(const Var& a, float s) {
  return add_scalar(a, s);
}
inline Var operator+(float s, const Var& a) {
  return add_scalar(a, s);
}
inline Var operator-(const Var& a, float s) {
  return add_scalar(a, -s);
}
inline Var operator-(float s, const Var& a) {
  return add_scalar(neg(a), s);
}
inline Var operator*(const Var& a, float s) {
  return mul_scalar(a, s);
}
inline Var operator*(float s, const Var& a) {
  return mul_scalar(a, s);
}
inline Var operator/(const Var& a, float s) {
  return mul_scalar(a, 1.0f / s);
}

// ---- unary, elementwise: ops/elementwise.cpp ----
Var exp(const Var& a);
Var log(const Var& a);  // natural log; a > 0
Var sigmoid(const Var& a);
Var tanh(const Var& a);
Var relu(const Var& a);
// log σ(x) = -softplus(-x), computed without overflow for any finite x.
Var log_sigmoid(const Var& a);

// ---- shape: ops/shape.cpp ----
// Same data, new shape (element counts must match). One entry may be -1: inferred.
Var reshape(const Var& a, Shape shape);
// Swaps the last two dims: (M, N) -> (N, M), (B, M, N) -> (B, N, M).
Var transpose(const Var& a);
// Swaps any two dims, PyTorch's transpose(dim0, dim1): (B, T, H, D) -> (B, H, T, D) for dims 1
// and 2 (or -3 and -2).
Var swap_dims(const Var& a, int64_t dim0, int64_t dim1);
// Joins along the last dim; all other dims must agree.
Var concat(const std::vector<Var>& parts);
// Columns [begin, end) of the last dim.
Var slice(const Var& a, int64_t begin, int64_t end);

// ---- reductions: ops/reduction.cpp ----
Var sum(const Var& a);                                     // -> scalar, shape ()
Var sum(const Var& a, int64_t dim, bool keepdim = false);  // removes (or keeps as 1) `dim`
Var mean(const Var& a);
Var mean(const Var& a, int64_t dim, bool keepdim = false);

// ---- linear algebra: ops/linalg.cpp ----
// (M, K) @ (K, N) -> (M, N); batched over any leading dims, which must be equal:
// (B, H, M, K) @ (B, H, K, N) -> (B, H, M, N); or with the right side shared across them:
// (B, T, K) @ (K, N) -> (B, T, N).
Var matmul(const Var& a, const Var& b);

// ---- transformer layers, fused: ops/nn.cpp ----
// x (..., K) @ w (K, N) + b (N) -> (..., N).
Var linear(const Var& x, const Var& w, const Var& b);
// Along the last dim: (x - mean) / sqrt(variance + eps) * gamma + beta, the variance the biased
// one (divided by C); x (..., C), gamma and beta (C).
Var layer_norm(const Var& x, const Var& gamma, const Var& beta, float eps = 1e-5f);
// GELU in GPT-2's tanh form, 0.5 x (1 + tanh(√(2/π) (x + 0.044715 x³))); any shape.
Var gelu(const Var& a);

// ---- causal attention: ops/attention.cpp ----
// scores (..., T, T) -> (..., T, T): row t is the softmax of its entries 0..t and 0 after t, so
// query t attends to keys 0..t only.
Var causal_softmax(const Var& scores);
// q, k, v (..., T, C) -> (..., T, C): for each of `heads` heads, the D = C / heads columns
// [h D, (h + 1) D) of q, k and v give that head's columns of causal_softmax(q @ k^T * scale) @ v.
// One fused op that reads the heads in place (no (B, H, T, D) copy) and keeps only the
// (..., H, T, T) probabilities for its backward. scale > 0, usually 1 / √D.
Var causal_attention(const Var& q, const Var& k, const Var& v, float scale, int64_t heads = 1);

// ---- rotary positions: ops/rotary.cpp ----
// x (..., T, C) -> (..., T, C): RoPE's rotation. cos and sin (at least T rows, D columns, D even
// and dividing C) hold the angle of each pair at each position; every D-wide group of row t (one
// attention head) has its pairs turned, (a, b) -> (a cos - b sin, b cos + a sin), the pairs
// being dims (i, i + D/2) of the group, or (2i, 2i + 1) when interleaved; cos and sin are read
// at the pair's first dim. Only x has a gradient (the tables are constants).
Var rotate_pairs(const Var& x, const Tensor& cos, const Tensor& sin, bool interleaved);

// ---- along the last dim, numerically stable: ops/losses.cpp ----
Var softmax(const Var& a);
Var log_softmax(const Var& a);

// ---- losses (mean over the batch unless noted): ops/losses.cpp ----
// logits (N, C), targets N class ids in [0, C): mean of -log softmax(logits)[n, target[n]].
Var cross_entropy(const Var& logits, std::span<const int64_t> targets);
// Elementwise targets in [0, 1], same shape as logits: mean of
// max(x, 0) - x t + log(1 + exp(-|x|)), exact for |x| up to 100 and beyond.
Var binary_cross_entropy_with_logits(const Var& logits, const Tensor& targets);

// table (V, R), targets (M, D) with D <= R -> scalar: ½ Σ_k ||table[ids[k], 0:D] -
// targets[target_rows[k]]||² (the rest of a row, past D, is left out). The table
// must be a leaf, and its gradient is row-sparse: the gradient is coalesced, then each id's entry
// gets upstream × (row - target), added after the lookups' contributions (a new entry if it has
// none). A continued run's pull of known words toward their old vectors (train --anchor-known).
Var row_distance_loss(const Var& table, std::span<const int64_t> ids, const Tensor& targets,
                      std::span<const int64_t> target_rows);

// ---- embedding lookup: ops/shape.cpp ----
// table (V, d), ids of `ids_shape` (e.g. (N) or (B, T)) -> ids_shape + (d).
// The table's gradient is row-sparse: only looked-up rows are stored, and repeated ids
// accumulate. Throws std::out_of_range naming the id and V for an id < 0 or >= V.
Var gather_rows(const Var& table, std::span<const int64_t> ids, const Shape& ids_shape);
inline Var gather_rows(const Var& table, std::span<const int64_t> ids) {
  return gather_rows(table, ids, Shape{static_cast<int64_t>(ids.size())});
}

// ---- embedding bag: ops/embedding_bag.cpp ----
// table (V, d); bag b holds ids[offsets[b] .. offsets[b+1]) -> (B, d), row b the mean of its
// bag's rows (CBOW's input: the mean of a centre's context rows). offsets has B + 1 entries,
// from 0 up to ids.size(), each bag non-empty. Repeated ids count as often as they appear.
// A leaf table's gradient is row-sparse, one entry per distinct id; with optimizer-in-backward
// (Node::sgd_lr_in_backward) each id's SGD step is applied to its row instead. Throws
// std::invalid_argument for bad offsets, std::out_of_range for an id < 0 or >= V.
//
// `gradient` says what each id of bag b receives from the bag's gradient g_b:
//   mean:      g_b / m_b, the exact gradient of the mean (m_b ids in the bag);
//   undivided: g_b itself, the gradient of the bag's sum. word2vec.c, gensim (cbow_mean=1) and
//              fastText all update a CBOW window's rows this way; it is the exact gradient
//              taken at m_b times the learning rate for the bag's rows, so a window's rows
//              move as fast as skip-gram's would, however wide the window.
enum class BagGradient { mean, undivided };
Var embedding_bag(const Var& table, std::span<const int64_t> ids, std::span<const int64_t> offsets,
                  BagGradient gradient = BagGradient::mean);

}  // namespace gv
