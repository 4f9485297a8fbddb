// What the kernel tests share: the variants this CPU runs, and deterministic inputs.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "autograd/simd/kernel_table.h"

namespace gv {

// Every variant of the kernels this CPU can run, narrowest (baseline) first.
inline std::vector<const KernelTable*> runnable_kernels() {
  std::vector<const KernelTable*> tables;
  for (const Isa isa : available_isas()) tables.push_back(kernels_for(isa));
  return tables;
}

// n rows of d floats, deterministic and distinct per seed, in [-1.7, 1.7].
inline std::vector<float> sine_rows(int64_t n, int64_t d, float seed) {
  std::vector<float> rows(static_cast<size_t>(n * d));
  for (int64_t k = 0; k < n * d; ++k) rows[k] = std::sin(seed * static_cast<float>(k + 1)) * 1.7f;
  return rows;
}

}  // namespace gv
