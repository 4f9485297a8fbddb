// SparseRows: the gradient of a (V, d) table that stores only the rows a lookup touched.
//
// An embedding lookup of N ids into a 50,000-row table touches at most N rows; a dense
// (V, d) gradient would be written and zeroed in full at every step. Here the gradient is
// a list of (row index, d floats) entries. The same index may appear more than once
// (a token twice in a batch): entries are summed, either lazily by consumers that are
// linear in the gradient (SGD) or by coalesce() for those that are not (Adagrad, Adam).
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "autograd/kernels.h"
#include "autograd/simd/kernel_table.h"
#include "autograd/tensor.h"

namespace gv {

class SparseRows {
 public:
  SparseRows() = default;
  SparseRows(int64_t num_rows, int64_t row_dim) : num_rows_(num_rows), row_dim_(row_dim) {}

  int64_t num_rows() const { return num_rows_; }  // V: rows of the full table
  int64_t row_dim() const { return row_dim_; }    // d
  // Number of stored entries; after coalesce() also the number of distinct rows touched.
  int64_t stored_rows() const { return static_cast<int64_t>(indices_.size()); }
  bool empty() const { return indices_.empty(); }

  int64_t index(int64_t entry) const { return indices_[entry]; }
  const std::vector<int64_t>& indices() const { return indices_; }
  float* row(int64_t entry) { return values_.data() + entry * row_dim_; }
  const float* row(int64_t entry) const { return values_.data() + entry * row_dim_; }

  // Appends one zeroed entry for table row `index` and returns its d floats to fill.
  // Throws std::out_of_range naming the index and V when index is not in [0, V).
  float* append_row(int64_t index);
  // The entry that accumulates table row `index`: the one accumulate_row made for it since the
  // last clear(), or a new zeroed one. A row many gradients reach in one step (a frequent
  // word, a Huffman node near the root) is then stored, and applied by the optimizer, once.
  // The first call allocates a (V) map from rows to entries, kept across clear(). Throws as
  // append_row.
  float* accumulate_row(int64_t index);
  // Adds Σ_t alpha_t x_t (d) over t < n into accumulate_row(index)'s entry, where term(t) returns
  // (alpha_t, x_t): bit for bit what axpy_sum on that entry gives, but a new entry is written
  // from its first block of terms rather than zeroed first and then read back (the embedding
  // bag's backward; the fused losses write their new entries the same way, through grad_row):
  // a step makes a new entry for every row it reaches, so a zero-fill and a read of the zeros
  // per row would be a pass over memory that adds nothing (bench/sgns_bench.cpp times a step).
  template <class Term>
  void add_terms(int64_t index, int64_t n, Term term) {
    const GradRow entry = grad_row(index);
    if (entry.overwrite && n == 0) std::fill(entry.row, entry.row + row_dim_, 0.0f);
    axpy_sum(entry.row, row_dim_, n, term, entry.overwrite);
  }
  // accumulate_row(index)'s entry without zeroing it: overwrite says its floats are stale (the
  // entry is new) and the caller must write them rather than add to them. Throws as append_row.
  // A new entry may move the floats of those before it, unless reserve() made room for it.
  // Inline: the fused losses' backward calls it once per gradient row.
  GradRow grad_row(int64_t index) {
    if (index < 0 || index >= num_rows_ || entry_of_.empty()) prepare_entry(index);
    int64_t& entry = entry_of_[static_cast<size_t>(index)];
    if (entry >= 0) return {row(entry), false};
    entry = stored_rows();
    return {new_entry(index), true};
  }
  // Room for n entries beyond those stored: the rows the next n new entries return stay put.
  void reserve(int64_t n) {
    const size_t end = static_cast<size_t>(stored_rows() + n) * static_cast<size_t>(row_dim_);
    if (values_.size() < end) grow_values(end);
  }
  // Appends indices.size() entries; `rows` is (indices.size(), d), row-major.
  void append(std::span<const int64_t> indices, const float* rows);

  // Sums entries with equal index; afterwards indices are distinct and ascending.
  void coalesce();
  bool is_coalesced() const { return coalesced_; }
  // (V, d) tensor with the entries summed in: for tests and for mixing with dense gradients.
  Tensor to_dense() const;
  // Drops all entries but keeps the capacity, so a training loop does not reallocate.
  void clear();

 private:
  int64_t num_rows_ = 0;
  int64_t row_dim_ = 0;
  std::vector<int64_t> indices_;
  // (stored_rows, d) in its first rows. It keeps its size across clear(), so a step's new entries
  // reuse the floats of earlier steps and only growth past the largest step zero-fills.
  std::vector<float> values_;
  bool coalesced_ = true;
  std::vector<int64_t> order_;  // scratch for coalesce(), kept to avoid reallocating
  // (V) accumulate_row's entry for each table row, -1 for none; empty until first needed.
  // clear() and coalesce() reset only the rows stored, so a step costs O(rows touched).
  std::vector<int64_t> entry_of_;
  void forget_entries();  // entry_of_ back to -1 for every stored row
  // A new entry for a checked index, its floats left as they are (stale from an earlier step).
  // Inline, with grad_row: the fused losses' backward calls them once per gradient row.
  float* new_entry(int64_t index) {
    if (!indices_.empty() && index <= indices_.back()) coalesced_ = false;
    indices_.push_back(index);
    const size_t end = indices_.size() * static_cast<size_t>(row_dim_);
    if (values_.size() < end) grow_values(end);
    return values_.data() + end - static_cast<size_t>(row_dim_);
  }
  void grow_values(size_t floats);  // values_ to at least `floats`, doubling
  // Throws for an index out of range; allocates entry_of_ on first use.
  void prepare_entry(int64_t index);
  // Throws std::out_of_range naming the index and V when index is not in [0, V).
  void check_index(int64_t index) const;
};

}  // namespace gv
