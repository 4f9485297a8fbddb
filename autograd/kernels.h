// Small numeric helpers shared by the differentiable ops, the fused losses and the kernels of
// simd/isa/ (the hot loops, reached through simd/kernel_table.h). Inline, so each inlines into
// its caller's loop and vectorises there, in the caller's instruction set (simd/code_namespace.h).
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
#include "autograd/simd/code_namespace.h"

namespace gv {

inline namespace GV_CODE {

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

}  // namespace GV_CODE

// logistic_losses (simd/kernel_table.h) takes the logs of its softplus losses as one log of a
// product of up to kFactorsPerLog factors, each in (1, 2], so no product overflows a float
// (2^127 < FLT_MAX) in any order the lanes multiply them.
inline constexpr int64_t kFactorsPerLog = 127;

// A gradient row that a kernel adds to: its floats, and whether they are stale (a sparse
// gradient's new entry) and are to be overwritten, the sums starting from +0 as in a zeroed row.
struct GradRow {
  float* row = nullptr;
  bool overwrite = false;
};

inline constexpr int64_t kBlock = 8;

inline namespace GV_CODE {

// Calls block.template operator()<m>() for m in [1, kMax]: the kernels unroll a block of
// rows or terms at a compile-time size, and a loop over n hands them its last, smaller block.
// kBlock, eight, by default (axpy_sum's terms): a CBOW window's rows, up to 2 x 5 at the default
// window, take one or two passes over the sum.
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

}  // namespace GV_CODE

}  // namespace gv
