// Where a fused loss finds its input rows, for the arithmetic sgns_loss and hs_loss share with
// their *_rows_loss twins: input i of a batch is row index(i) of a (rows, d) matrix, and its
// gradient (when one is wanted) accumulates at grad_row(i).
//
// The fused ops take these as template arguments, so the hot loops stay free of virtual calls.
#pragma once

#include <cstdint>
#include <vector>

#include "autograd/sparse_rows.h"

namespace gv {

// Skip-gram: input i is W_in's row ids[i], read where it lies (no copy into a dense h); its
// gradient is one sparse entry per distinct id (SparseRows::accumulate_row).
struct TableInputs {
  const std::vector<int64_t>& ids;
  SparseRows* grad = nullptr;
  int64_t index(int64_t i) const { return ids[i]; }
  float* grad_row(int64_t i) const { return grad->accumulate_row(index(i)); }
};

// Dense rows: input i is row i of h (R, d), with a dense gradient.
struct DenseInputs {
  float* grad = nullptr;
  int64_t d = 0;
  int64_t index(int64_t i) const { return i; }
  float* grad_row(int64_t i) const { return grad + i * d; }
};

}  // namespace gv
