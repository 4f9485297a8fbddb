// Where a fused loss finds its input rows, for the arithmetic sgns_loss and hs_loss share with
// their *_rows_loss twins: input i of a batch is row index(i) of a (rows, d) matrix, and its
// gradient (when one is wanted) accumulates through add_to_grad(i, n, term): row i's gradient
// += Σ_t alpha_t x_t over t < n, term(t) = (alpha_t, x_t), as axpy_sum adds them.
//
// The fused ops take these as template arguments, so the hot loops stay free of virtual calls;
// check_ids is the range check both make of the ids they read.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "autograd/kernels.h"
#include "autograd/sparse_rows.h"

namespace gv {

// Skip-gram: input i is W_in's row ids[i], read where it lies (no copy into a dense h); its
// gradient is one sparse entry per distinct id (SparseRows::add_terms).
struct TableInputs {
  const std::vector<int64_t>& ids;
  SparseRows* grad = nullptr;
  int64_t index(int64_t i) const { return ids[i]; }
  template <class Term>
  void add_to_grad(int64_t i, int64_t n, Term term) const {
    grad->add_terms(index(i), n, term);
  }
};

// Dense rows: input i is row i of h (R, d), with a dense gradient.
struct DenseInputs {
  float* grad = nullptr;
  int64_t d = 0;
  int64_t index(int64_t i) const { return i; }
  template <class Term>
  void add_to_grad(int64_t i, int64_t n, Term term) const {
    axpy_sum(grad + i * d, d, n, term);
  }
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
