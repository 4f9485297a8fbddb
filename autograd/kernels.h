// Numeric kernels shared by the differentiable ops and by the fused losses built beside them
// (word2vec's SGNS). Inline, so each inlines into its caller's hot loop and vectorises there.
//
// Their arithmetic is fixed on purpose: trained vectors are compared bit for bit across
// refactors, so a kernel's loop order and its `#pragma omp simd` reductions are part of its
// contract.
#pragma once

#include <cmath>
#include <cstdint>

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

// Σ a[k] b[k] over k < d. The simd reduction keeps per-lane partial sums (-fopenmp-simd), so
// the sum is vectorised without -ffast-math, in the same order on every call.
inline float dot(const float* a, const float* b, int64_t d) {
  float sum = 0.0f;
#pragma omp simd reduction(+ : sum)
  for (int64_t k = 0; k < d; ++k) sum += a[k] * b[k];
  return sum;
}

// y (d) += alpha x (d). The pragma promises the compiler that x and y do not overlap.
inline void axpy(float alpha, const float* x, float* y, int64_t d) {
#pragma omp simd
  for (int64_t k = 0; k < d; ++k) y[k] += alpha * x[k];
}

}  // namespace gv
