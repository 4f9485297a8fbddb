// Numeric kernels shared by the differentiable ops and by the fused losses built beside them
// (word2vec's SGNS). Inline, so each inlines into its caller's hot loop and vectorises there.
//
// Their arithmetic is fixed on purpose: trained vectors are compared bit for bit across
// refactors, so a kernel's loop order and its `#pragma omp simd` reductions are part of its
// contract.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

#include "autograd/ops/fast_exp.h"

namespace gv {

// σ(x) given e = exp(-|x|). Callers that also need softplus(±x) compute e once for both.
inline float sigmoid_from_exp(float x, float e) {
  return x >= 0.0f ? 1.0f / (1.0f + e) : e / (1.0f + e);
}

// σ(x) without overflow: exp is only ever taken of a non-positive number.
inline float stable_sigmoid(float x) {
  return sigmoid_from_exp(x, std::exp(-std::fabs(x)));
}

// log(1 + exp(-|x|)), in (0, log 2]: the part of softplus and log σ that needs a log, written
// so that exp never overflows and the log never sees 0.
inline float log1p_exp_neg_abs(float x) {
  return std::log1p(std::exp(-std::fabs(x)));
}

// The logistic losses of n logits x with labels y (each 0 or 1), as the fused word2vec losses
// score them: returns Σ_k softplus(z_k), z = x for y = 0 and -x for y = 1 (that is -log σ(x) for
// a positive pair, -log σ(-x) for a negative one), and overwrites each x_k with the loss's
// derivative σ(x_k) - y_k. One vectorised pass: exp is fast_exp (2 ulp) rather than a library
// call per logit, and softplus(z) = max(z, 0) + log(1 + e^{-|x|}) takes its logs as one log of
// a product of up to kFactorsPerLog factors, each in (1, 2], so no product overflows a float
// (2^127 < FLT_MAX) in any order the lanes multiply them.
inline constexpr int64_t kFactorsPerLog = 127;
inline double logistic_losses(float* x, const float* y, int64_t n) {
  double loss = 0.0;
  for (int64_t begin = 0; begin < n; begin += kFactorsPerLog) {
    const int64_t end = std::min(n, begin + kFactorsPerLog);
    float linear = 0.0f;
    float product = 1.0f;
#pragma omp simd reduction(+ : linear) reduction(* : product)
    for (int64_t k = begin; k < end; ++k) {
      const float v = x[k];
      const float e = fast_exp(-std::fabs(v));
      const float r = 1.0f / (1.0f + e);
      linear += std::max(v - 2.0f * y[k] * v, 0.0f);
      product *= 1.0f + e;
      x[k] = (v >= 0.0f ? r : e * r) - y[k];
    }
    loss += static_cast<double>(linear) + std::log(product);
  }
  return loss;
}

// A gradient row that a kernel adds to: its floats, and whether they are stale (a sparse
// gradient's new entry) and are to be overwritten, the sums starting from +0 as in a zeroed row.
struct GradRow {
  float* row = nullptr;
  bool overwrite = false;
};

// Calls block.template operator()<m>() for m in [1, kBlock]: the kernels below unroll a block of
// rows or terms at a compile-time size, and a loop over n hands them its last, smaller block.
// Eight by default (axpy_sum's terms): a CBOW window's rows, up to 2 x 5 at the default window,
// take one or two passes over the sum, and eight running sums still leave AVX-512's 32
// registers for the loads.
inline constexpr int64_t kBlock = 8;
template <int kMax = kBlock, class Block>
inline void with_block_size(int64_t m, Block block) {
  [&]<int... M>(std::integer_sequence<int, M...>) {
    // The one M + 1 equal to m (or 1 for any m out of [1, kMax], which callers never pass).
    if (!((m == M + 1 && (block.template operator()<M + 1>(), true)) || ...)) {
      block.template operator()<1>();
    }
  }
  (std::make_integer_sequence<int, kMax>{});
}

// Asks for the cache lines of a row of d floats ahead of its use; a hint that changes no
// result. Rows picked at random from a table larger than the cache miss; naming the next rows
// while the current ones are computed overlaps those misses with work.
inline void prefetch_row(const float* row, int64_t d) {
  for (int64_t k = 0; k < d; k += 16) __builtin_prefetch(row + k);  // 16 floats: one 64-byte line
  __builtin_prefetch(row + d - 1);  // a row not aligned to a line ends on one more
}

// y (d) += alpha x (d). The pragma promises the compiler that x and y do not overlap.
inline void axpy(float alpha, const float* x, float* y, int64_t d) {
#pragma omp simd
  for (int64_t k = 0; k < d; ++k) y[k] += alpha * x[k];
}

// y (d) += Σ_t alpha[t] x[t] (d) over N terms, term by term for each element: the same sums, in
// the same order, as N calls of axpy, with y loaded and stored once instead of N times. With
// Overwrite, y's old floats are not read: the sums start from +0, as from a zeroed y.
template <int N, bool Overwrite = false>
inline void axpy_terms(float* y, const float* const* x, const float* alpha, int64_t d) {
#pragma omp simd
  for (int64_t k = 0; k < d; ++k) {
    float sum = Overwrite ? 0.0f : y[k];
#pragma GCC unroll 8
    for (int t = 0; t < N; ++t) sum += alpha[t] * x[t][k];
    y[k] = sum;
  }
}

// y (d) += Σ_t alpha_t x_t over t < n, where term(t) returns the pair (alpha_t, x_t): the result
// of axpy(alpha_t, x_t, y, d) for t = 0, 1, ..., bit for bit, in one pass over y per kBlock
// terms. The embedding bag adds a window's rows into its sum this way; with one axpy per row,
// y's loads and stores were half the traffic.
// With overwrite (and n > 0), y's old floats are ignored: the result is that of a zeroed y.
template <class Term>
inline void axpy_sum(float* y, int64_t d, int64_t n, Term term, bool overwrite = false) {
  for (int64_t t = 0; t < n; t += kBlock) {
    const float* x[kBlock];
    float alpha[kBlock];
    const int64_t m = std::min(kBlock, n - t);
    for (int64_t q = 0; q < m; ++q) {
      const auto [a, row] = term(t + q);
      alpha[q] = a;
      x[q] = row;
    }
    with_block_size(m, [&]<int M>() {
      if (overwrite && t == 0) {
        axpy_terms<M, true>(y, x, alpha, d);
      } else {
        axpy_terms<M>(y, x, alpha, d);
      }
    });
  }
}

}  // namespace gv
