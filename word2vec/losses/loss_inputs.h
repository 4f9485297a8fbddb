// Where logistic_loss (logistic_loss.h) finds its input rows: the template argument that picks
// one of the two kinds of input the op takes.
//
//   TableInputs: skip-gram's contexts, read by id from W_in (V, d) where they lie (no copy into a
//                dense h); the gradient is one row-sparse entry of W_in per distinct id.
//   DenseInputs: rows h (R, d) that engine ops built from W_in (CBOW's window means, subword
//                means); the gradient is h's dense one, which those ops carry back to W_in.
//
// Either way input i of a batch is row index(i) of its matrix, and its gradient row, when `grad`
// is set, is grad_row(i). The op takes these as template arguments, so the hot loops stay
// free of virtual calls. of() and with_grad() read them off a batch (LogisticGroups keeps the
// ids of TableInputs as input_ids) for the forward and the backward.
#pragma once

#include <cstdint>
#include <vector>

#include "autograd/kernels.h"
#include "autograd/sparse_rows.h"
#include "autograd/var.h"

namespace gv {

struct TableInputs {
  const std::vector<int64_t>& ids;
  SparseRows* grad = nullptr;
  static constexpr bool kReadsIds = true;
  static constexpr bool kDistinctRows = false;  // an id may come twice
  int64_t index(int64_t i) const { return ids[i]; }
  GradRow grad_row(int64_t i) const { return grad->grad_row(index(i)); }
  void reserve(int64_t n) const { grad->reserve(n); }
  bool shares(const SparseRows* other) const { return grad == other; }

  template <class Batch>
  static TableInputs of(const Batch& batch) {
    return {batch.input_ids};
  }
  template <class Batch>
  static TableInputs with_grad(const Batch& batch, Node& table) {
    return {batch.input_ids, table.sparse_grad_rows()};
  }
};

struct DenseInputs {
  float* grad = nullptr;
  int64_t d = 0;
  bool fresh = false;  // grad's floats are unset (Node::grad_buffer): each row's first write stores
  static constexpr bool kReadsIds = false;
  static constexpr bool kDistinctRows = true;
  int64_t index(int64_t i) const { return i; }
  GradRow grad_row(int64_t i) const { return {grad + i * d, fresh}; }
  void reserve(int64_t) const {}
  bool shares(const SparseRows*) const { return false; }

  template <class Batch>
  static DenseInputs of(const Batch&) {
    return {};
  }
  template <class Batch>
  static DenseInputs with_grad(const Batch&, Node& rows) {
    const GradBuffer buffer = rows.grad_buffer();
    return {buffer.data, rows.value.size(1), buffer.fresh};
  }
};

}  // namespace gv
