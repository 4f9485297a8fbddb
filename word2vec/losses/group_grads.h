// The backward logistic_loss (logistic_loss.h) makes of each group of logits, a block of input
// rows (TableInputs or DenseInputs, loss_inputs.h) against output rows (an SGNS group's K + 1
// outputs, a Huffman path's nodes): find_group_grads looks up the gradient rows, add_group_grads
// adds to them through KernelTable::dot_block_grads (autograd/simd/kernel_table.h), the kernel
// compiled for the CPU this process runs on.
#pragma once

#include <algorithm>
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

// The gradient rows one group reaches, for add_group_grads: in_grads[i] for input begin + i, i <
// rows, from inputs.grad (row-sparse or dense, loss_inputs.h), and out_grads[j] for output
// out_id(j), j < cols, from grad_out; a side whose array is null is skipped. Looked up in the order
// add_group_grads first writes them, inputs before outputs, so that a row's first write in a batch
// is the one flagged overwrite. A backward looks up every group's rows before any group's
// arithmetic: the lookups are then independent of one another, and their cache misses overlap. The
// rows stay put only while no new entry moves them: reserve room for every lookup first.
template <class Inputs, class OutId>
void find_group_grads(const Inputs& inputs, int64_t begin, int64_t rows, GradRow* in_grads,
                      int64_t cols, OutId out_id, SparseRows* grad_out, GradRow* out_grads) {
  for (int64_t i = 0; in_grads && i < rows; ++i) in_grads[i] = inputs.grad_row(begin + i);
  for (int64_t j = 0; out_grads && j < cols; ++j) out_grads[j] = grad_out->grad_row(out_id(j));
}

// The backward of a group's logits x_ij = in_i · out_j: inputs begin + i for i < rows (row
// inputs.index(i) of `in`, (·, d)) against the rows out_id(j) of `out` for j < cols, with
// dL/dx_ij = upstream * c[i * cols + j]. Adds each input's gradient into in_grads[i] and each
// output's into out_grads[j] (find_group_grads' rows; either null for none) through
// dot_block_grads, clearing their overwrite flags as it writes them: every element sums its
// terms in the order of separate axpys, input i's over j ascending and output j's over i, and a
// sparse row that two inputs (a context twice in a window) or two outputs (a negative drawn
// twice) share gets the first one's sum before the second's, as the composed ops' backward
// would. outputs_distinct promises that no two out_id(j) are equal (a Huffman path's nodes);
// one_table that the inputs' gradient rows and the outputs' are of one table.
template <class Inputs, class OutId>
void add_group_grads(const Inputs& inputs, int64_t begin, int64_t rows, const float* in,
                     GradRow* in_grads, int64_t cols, OutId out_id, bool outputs_distinct,
                     const float* out, GradRow* out_grads, bool one_table, int64_t d,
                     const float* c, float upstream) {
  if (cols == 0) {  // no terms: a new gradient row is still owed its zeros
    for (int64_t i = 0; in_grads && i < rows; ++i) {
      if (in_grads[i].overwrite) std::fill(in_grads[i].row, in_grads[i].row + d, 0.0f);
      in_grads[i].overwrite = false;
    }
    return;
  }
  if (rows == 0 || (!in_grads && !out_grads)) return;
  const float* a[kGradRows];
  const float* b[kGradCols];
  const bool grad_in = in_grads != nullptr, grad_outputs = out_grads != nullptr;
  const bool outputs_repeat =
      grad_outputs && !outputs_distinct && has_repeats(cols, [&](int64_t j) { return out_id(j); });
  // The next rows from i0 (at most kGradRows, and none whose gradient row the block holds).
  const auto take_rows = [&](int64_t i0, bool grad) {
    int64_t n = 0;
    for (; n < kGradRows && i0 + n < rows; ++n) {
      if (grad && !Inputs::kDistinctRows && repeats(in_grads + i0, n, in_grads[i0 + n].row)) break;
      a[n] = in + inputs.index(begin + i0 + n) * d;
    }
    return n;
  };
  // The next outputs from j0 (at most kGradCols, and none whose gradient row the block holds:
  // looked for only when some output repeats).
  const auto take_cols = [&](int64_t j0, bool grad) {
    int64_t n = 0;
    for (; n < kGradCols && j0 + n < cols; ++n) {
      if (grad && outputs_repeat && repeats(out_grads + j0, n, out_grads[j0 + n].row)) break;
      b[n] = out + out_id(j0 + n) * d;
    }
    return n;
  };
  const KernelTable& table = kernels();
  const auto block = [&](int64_t i0, int64_t n_rows, int64_t j0, int64_t n_cols, bool grad_in,
                         bool grad_outputs) {
    table.dot_block_grads(d, n_rows, n_cols, c + i0 * cols + j0, cols, upstream, a, b,
                          grad_in ? in_grads + i0 : nullptr,
                          grad_outputs ? out_grads + j0 : nullptr);
    for (int64_t i = 0; grad_in && i < n_rows; ++i) in_grads[i0 + i].overwrite = false;
    for (int64_t j = 0; grad_outputs && j < n_cols; ++j) out_grads[j0 + j].overwrite = false;
  };
  // Rows outer: right unless an output row repeats, since a block adds only part of its inputs.
  const auto by_rows = [&](bool grad_in, bool grad_outputs) {
    for (int64_t i0 = 0, n_rows; i0 < rows; i0 += n_rows) {
      n_rows = take_rows(i0, grad_in);
      for (int64_t j0 = 0, n_cols; j0 < cols; j0 += n_cols) {
        n_cols = take_cols(j0, grad_outputs);
        block(i0, n_rows, j0, n_cols, grad_in, grad_outputs);
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
      }
    }
  };
  const auto inputs_repeat = [&] {
    return grad_in && !Inputs::kDistinctRows &&
           has_repeats(rows, [&](int64_t i) { return inputs.index(begin + i); });
  };
  // One table on both sides (an input's gradient row may be an output's), or rows repeating on
  // both: each side on its own, in its own order.
  if ((grad_in && one_table) || (outputs_repeat && inputs_repeat())) {
    by_rows(grad_in, false);
    by_cols(false, grad_outputs);
  } else if (outputs_repeat) {
    by_cols(grad_in, grad_outputs);
  } else {
    by_rows(grad_in, grad_outputs);
  }
}

}  // namespace gv
