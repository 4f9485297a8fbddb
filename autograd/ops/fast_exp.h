// exp in a form loops can vectorise: for the transformer ops (GELU, the attention softmax)
// and the fused word2vec losses (simd/kernel_table.h: logistic_losses),
// which take millions of exponentials a step. std::exp is a library call the compiler cannot
// vectorise without -ffast-math; this is a few multiply-adds and an integer shift.
// Not part of the public API (see ops.h).
#pragma once

#include <bit>
#include <cstdint>

#include "autograd/simd/code_namespace.h"

namespace gv {
inline namespace GV_CODE {

// exp(x) within 2 ulp for x in [-87, 88] (Cephes' expf); x outside is clamped to that range,
// so the result stays finite and positive: exp(-87) = 1.6e-38 stands in for anything smaller.
// exp(x) = 2^n e^r with n = round(x / ln 2), so |r| <= ln 2 / 2, where a degree-6 polynomial
// is exact to float precision; 2^n is built directly in the float's exponent bits.
inline float fast_exp(float x) {
  x = x < -87.0f ? -87.0f : x;
  x = x > 88.0f ? 88.0f : x;
  // Adding and subtracting 1.5 * 2^23 rounds to the nearest integer in any vector unit.
  constexpr float kRound = 12582912.0f;
  const float shifted = x * 1.44269504088896341f + kRound;
  const float n = shifted - kRound;
  // ln 2 in two parts, the first with few bits, so n * part 1 is exact.
  const float r = (x - n * 0.693359375f) + n * 2.12194440e-4f;
  float p = 1.9875691500e-4f;
  p = p * r + 1.3981999507e-3f;
  p = p * r + 8.3334519073e-3f;
  p = p * r + 4.1665795894e-2f;
  p = p * r + 1.6666665459e-1f;
  p = p * r + 5.0000001201e-1f;
  p = p * r * r + r + 1.0f;
  // n read from the rounded sum's bits rather than cast: the same integer for every x in range,
  // and no undefined conversion for a NaN x, which stays NaN through p.
  const int32_t rounded = std::bit_cast<int32_t>(shifted) - std::bit_cast<int32_t>(kRound);
  const uint32_t exponent = static_cast<uint32_t>(rounded + 127) << 23;
  return p * std::bit_cast<float>(exponent);
}

}  // namespace GV_CODE
}  // namespace gv
