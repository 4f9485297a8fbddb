// Machinery the op files in autograd/ops/ share; not part of the public API (see ops.h).
//
// How every op is written, micrograd-style: the forward loop computes the result eagerly and
// is followed by the backward function that make_result records for it. Backward functions
// capture only plain data (shapes, ids, scalars). They reach their inputs through
// `self.inputs[i]` and the output gradient through `self.grad`: capturing a Var would let a
// node own itself (a leak) and defeat ~Node's iterative teardown. Every input gradient is
// accumulated with `+=`, because a value used twice receives both contributions, and
// `grad_data()` returns nullptr for inputs that need no gradient, which are skipped. A backward
// that writes every element of an input's gradient asks `grad_buffer()` instead, and stores
// where it is the buffer's first writer (GradBuffer::fresh).
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>

#include "autograd/tensor.h"

namespace gv {

// Product of shape[begin, end): the "outer" and "inner" sizes around a dim. `shape` is an
// existing tensor's, so any such product fits (shape_numel bounds every partial product).
inline int64_t dims_product(const Shape& shape, size_t begin, size_t end) {
  int64_t n = 1;
  for (size_t i = begin; i < end; ++i) n *= shape[i];
  return n;
}

// Ops that work along the last dim see their input as (rows, C).
struct RowsView {
  int64_t rows;
  int64_t cols;
};
inline RowsView rows_of(const Shape& shape, const char* op) {
  if (shape.empty()) {
    throw std::invalid_argument(std::string(op) + ": needs at least one dim, got shape ()");
  }
  return {dims_product(shape, 0, shape.size() - 1), shape.back()};
}

// Throws std::out_of_range "<op>: id 7 out of range for a table of V = 5 rows" for the first
// id outside [0, V): the lookups' (gather_rows, embedding_bag) check before reading a row.
inline void check_row_ids(std::span<const int64_t> ids, int64_t vocab, const char* op) {
  for (const int64_t id : ids) {
    if (id < 0 || id >= vocab) {
      throw std::out_of_range(std::string(op) + ": id " + std::to_string(id) +
                              " out of range for a table of V = " + std::to_string(vocab) +
                              " rows");
    }
  }
}

// dst (cols, rows) += src (rows, cols)^T: transpose's forward and backward.
inline void add_transposed(const float* src, float* dst, int64_t rows, int64_t cols) {
  for (int64_t i = 0; i < rows; ++i) {
    for (int64_t j = 0; j < cols; ++j) dst[j * rows + i] += src[i * cols + j];
  }
}

}  // namespace gv
