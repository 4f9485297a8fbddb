// dot_grid: the logits of logistic_loss's group, x_ij = a_i · b_j for a few rows a_i against a few
// rows b_j (a centre's contexts against a Huffman path, SGNS inputs against their K + 1 outputs),
// through KernelTable::dot_rows, the kernel compiled for the CPU this process runs on
// (autograd/simd/kernel_table.h), which the backward's dot_block_grads (group_grads.h) mirrors.
#pragma once

#include <cstdint>

#include "autograd/simd/kernel_table.h"

namespace gv {

// out[i * ldo + j] = a_row(i) · b_row(j) for i < rows and j < cols, where a_row and b_row return
// a row's pointer of d floats: the pointers gathered in pieces of at most kGradRows x kGradCols,
// one kernel call per piece.
template <class RowA, class RowB>
void dot_grid(int64_t d, int64_t rows, int64_t cols, RowA a_row, RowB b_row, float* out,
              int64_t ldo) {
  const KernelTable& table = kernels();
  const float* a[kGradRows];
  const float* b[kGradCols];
  for (int64_t i0 = 0; i0 < rows; i0 += kGradRows) {
    const int64_t m = rows - i0 < kGradRows ? rows - i0 : kGradRows;
    for (int64_t r = 0; r < m; ++r) a[r] = a_row(i0 + r);
    for (int64_t j0 = 0; j0 < cols; j0 += kGradCols) {
      const int64_t n = cols - j0 < kGradCols ? cols - j0 : kGradCols;
      for (int64_t t = 0; t < n; ++t) b[t] = b_row(j0 + t);
      table.dot_rows(d, m, n, a, b, out + i0 * ldo + j0, ldo);
    }
  }
}

}  // namespace gv
