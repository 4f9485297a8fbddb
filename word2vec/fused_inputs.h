// Where a fused loss finds its input rows, for the arithmetic sgns_loss and hs_loss share with
// their *_rows_loss twins: input i of a batch is row index(i) of a (rows, d) matrix, and its
// gradient (when one is wanted) accumulates at grad_row(i).
//
// The fused ops take these as template arguments, so the hot loops stay free of virtual calls;
// check_ids is the range check both make of the ids they read.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
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

// Every id a fused op reads must be a row of its table: throws std::out_of_range naming the op,
// the id and the table ("sgns_loss: id 7 out of range for W_in with 5 rows").
inline void check_ids(const std::vector<int64_t>& ids, int64_t rows, const char* op,
                      const char* table) {
  for (const int64_t id : ids) {
    if (id < 0 || id >= rows) {
      throw std::out_of_range(std::string(op) + ": id " + std::to_string(id) +
                              " out of range for " + table + " with " + std::to_string(rows) +
                              " rows");
    }
  }
}

}  // namespace gv
