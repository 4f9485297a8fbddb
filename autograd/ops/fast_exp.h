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
// T is float, or a GCC vector of floats with Bits its unsigned integer lanes, each lane getting
// what float would: a kernel that spells out its vectors keeps the clamps as selects of lanes,
// which the compiler cannot split into paths of their own (gelu in simd/isa/row_kernels.cpp).
template <class T = float, class Bits = uint32_t>
inline T fast_exp(T x) {
  x = x < -87.0f ? -87.0f : x;
  x = x > 88.0f ? 88.0f : x;
  // Adding and subtracting 1.5 * 2^23 rounds to the nearest integer in any vector unit.
  constexpr float kRound = 12582912.0f;
  const T shifted = x * 1.44269504088896341f + kRound;
  const T n = shifted - kRound;
  // ln 2 in two parts, the first with few bits, so n * part 1 is exact.
  const T r = (x - n * 0.693359375f) + n * 2.12194440e-4f;
  T p = T{} + 1.9875691500e-4f;
  p = p * r + 1.3981999507e-3f;
  p = p * r + 8.3334519073e-3f;
  p = p * r + 4.1665795894e-2f;
  p = p * r + 1.6666665459e-1f;
  p = p * r + 5.0000001201e-1f;
  p = p * r * r + r + 1.0f;
  // n read from the rounded sum's bits rather than cast: the same integer for every x in range,
  // and no undefined conversion for a NaN x, which stays NaN through p.
  const Bits rounded = std::bit_cast<Bits>(shifted) - std::bit_cast<uint32_t>(kRound);
  const Bits exponent = (rounded + 127) << 23;
  return p * std::bit_cast<T>(exponent);
}

}  // namespace GV_CODE
}  // namespace gv
