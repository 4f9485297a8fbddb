// The frequency ladder and table slicing shared by the sinusoidal and rotary encodings.
#pragma once

#include <cmath>
#include <cstdint>

#include "autograd/tensor.h"

namespace gv {

// ω_k = base^(-2k / dim): pair k of an even `dim` turns by ω_k radians per position.
// Kept in double: at position 10,000 a float ω_k would already be ~1e-3 radians off.
inline double pair_frequency(int64_t pair, int64_t dim, double base) {
  return std::pow(base, -2.0 * static_cast<double>(pair) / static_cast<double>(dim));
}

// Rows [0, rows) of a (R, C) table as a new (rows, C) tensor; rows <= R.
Tensor leading_rows(const Tensor& table, int64_t rows);

}  // namespace gv
