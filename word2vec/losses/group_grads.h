// add_group_grads: the backward logistic_loss (logistic_loss.h) makes of each group of logits, a
// block of input rows (TableInputs or DenseInputs, input_rows.h) against output rows (an SGNS
// group's K + 1 outputs, a Huffman path's nodes), through KernelTable::dot_block_grads
// (autograd/simd/kernel_table.h), the kernel compiled for the CPU this process runs on.
#pragma once

#include <cstdint>

#include "autograd/simd/kernel_table.h"
#include "autograd/sparse_rows.h"

namespace gv {

// Whether row is that of one of the first n of rows.
inline bool repeats(const GradRow* rows, int64_t n, const float* row) {
  for (int64_t t = 0; t < n; ++t) {
    if (rows[t].row == row) return true;
  }
  return false;
}

// Whether id(t) == id(u) for some t < u < n.
template <class Id>
bool has_repeats(int64_t n, Id id) {
  for (int64_t u = 1; u < n; ++u) {
    for (int64_t t = 0; t < u; ++t) {
      if (id(t) == id(u)) return true;
    }
  }
  return false;
}

// The backward of a group's logits x_ij = in_i · out_j: inputs begin + i for i < rows (row
// inputs.index(i) of `in`, (·, d)) against the rows out_id(j) of `out` for j < cols, with
// dL/dx_ij = upstream * c[i * cols + j]. Adds each input's gradient, when inputs.grad, and each
// output's, into grad_out when not null, through dot_block_grads: every element sums its terms in
// the order of separate axpys, input i's over j ascending and output j's over i, and a sparse
// row that two inputs (a context twice in a window) or two outputs (a negative drawn twice) share
// gets the first one's sum before the second's, as the composed ops' backward would.
// outputs_distinct promises that no two out_id(j) are equal (a Huffman path's nodes).
template <class Inputs, class OutId>
void add_group_grads(const Inputs& inputs, int64_t begin, int64_t rows, const float* in,
                     int64_t cols, OutId out_id, bool outputs_distinct, const float* out, int64_t d,
                     const float* c, float upstream, SparseRows* grad_out) {
  if (rows == 0 || cols == 0 || (!inputs.grad && !grad_out)) return;
  const float* a[kGradRows];
  const float* b[kGradCols];
  GradRow ga[kGradRows], gb[kGradCols];
  const bool grad_in = inputs.grad != nullptr, grad_outputs = grad_out != nullptr;
  const bool outputs_repeat =
      grad_outputs && !outputs_distinct && has_repeats(cols, [&](int64_t j) { return out_id(j); });
  // The next rows from i0 (at most kGradRows, and none whose gradient row the block holds).
  const auto take_rows = [&](int64_t i0, bool grad) {
    int64_t n = 0;
    if (grad) inputs.reserve(kGradRows);
    for (; n < kGradRows && i0 + n < rows; ++n) {
      if (grad) {
        const GradRow g = inputs.grad_row(begin + i0 + n);
        if (!Inputs::kDistinctRows && repeats(ga, n, g.row)) break;
        ga[n] = g;
      }
      a[n] = in + inputs.index(begin + i0 + n) * d;
    }
    return n;
  };
  // The next outputs from j0 (at most kGradCols, and none whose gradient row the block holds:
  // looked for only when some output repeats).
  const auto take_cols = [&](int64_t j0, bool grad) {
    int64_t n = 0;
    if (grad) grad_out->reserve(kGradCols);
    for (; n < kGradCols && j0 + n < cols; ++n) {
      const int64_t id = out_id(j0 + n);
      if (grad) {
        const GradRow g = grad_out->grad_row(id);
        if (outputs_repeat && repeats(gb, n, g.row)) break;
        gb[n] = g;
      }
      b[n] = out + id * d;
    }
    return n;
  };
  const KernelTable& table = kernels();
  const auto block = [&](int64_t i0, int64_t n_rows, int64_t j0, int64_t n_cols, bool grad_in,
                         bool grad_outputs) {
    table.dot_block_grads(d, n_rows, n_cols, c + i0 * cols + j0, cols, upstream, a, b,
                          grad_in ? ga : nullptr, grad_outputs ? gb : nullptr);
  };
  // Rows outer: right unless an output row repeats, since a block adds only part of its inputs.
  const auto by_rows = [&](bool grad_in, bool grad_outputs) {
    for (int64_t i0 = 0, n_rows; i0 < rows; i0 += n_rows) {
      n_rows = take_rows(i0, grad_in);
      for (int64_t j0 = 0, n_cols; j0 < cols; j0 += n_cols) {
        n_cols = take_cols(j0, grad_outputs);
        block(i0, n_rows, j0, n_cols, grad_in, grad_outputs);
        for (int64_t i = 0; grad_in && i < n_rows; ++i) ga[i].overwrite = false;  // written now
      }
    }
  };
  // Outputs outer: right unless an input row repeats.
  const auto by_cols = [&](bool grad_in, bool grad_outputs) {
    for (int64_t j0 = 0, n_cols; j0 < cols; j0 += n_cols) {
      n_cols = take_cols(j0, grad_outputs);
      for (int64_t i0 = 0, n_rows; i0 < rows; i0 += n_rows) {
        n_rows = take_rows(i0, grad_in);
        block(i0, n_rows, j0, n_cols, grad_in, grad_outputs);
        for (int64_t j = 0; grad_outputs && j < n_cols; ++j) gb[j].overwrite = false;
      }
    }
  };
  const auto inputs_repeat = [&] {
    return grad_in && !Inputs::kDistinctRows &&
           has_repeats(rows, [&](int64_t i) { return inputs.index(begin + i); });
  };
  // One table on both sides (an input's gradient row may be an output's), or rows repeating on
  // both: each side on its own, in its own order.
  if ((grad_in && inputs.shares(grad_out)) || (outputs_repeat && inputs_repeat())) {
    by_rows(grad_in, false);
    by_cols(false, grad_outputs);
  } else if (outputs_repeat) {
    by_cols(grad_in, grad_outputs);
  } else {
    by_rows(grad_in, grad_outputs);
  }
}

}  // namespace gv
