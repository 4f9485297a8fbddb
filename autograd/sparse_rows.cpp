#include "autograd/sparse_rows.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

namespace gv {

void SparseRows::check_index(int64_t index) const {
  if (index < 0 || index >= num_rows_) {
    throw std::out_of_range("sparse gradient row " + std::to_string(index) +
                            " out of range for a table of " + std::to_string(num_rows_) + " rows");
  }
}

void SparseRows::grow_values(size_t floats) {
  values_.resize(std::max(floats, 2 * values_.size()));
}

float* SparseRows::append_row(int64_t index) {
  check_index(index);
  float* row = new_entry(index);
  std::fill(row, row + row_dim_, 0.0f);
  return row;
}

void SparseRows::prepare_entry(int64_t index) {
  check_index(index);
  if (entry_of_.empty()) entry_of_.assign(static_cast<size_t>(num_rows_), -1);
}

float* SparseRows::accumulate_row(int64_t index) {
  const GradRow entry = grad_row(index);
  if (entry.overwrite) std::fill(entry.row, entry.row + row_dim_, 0.0f);
  return entry.row;
}

void SparseRows::forget_entries() {
  if (entry_of_.empty()) return;
  for (const int64_t index : indices_) entry_of_[index] = -1;
}

void SparseRows::append(std::span<const int64_t> indices, const float* rows) {
  for (const int64_t index : indices) check_index(index);  // all first: nothing half-appended
  // Copied straight in, not zero-filled first and then overwritten as append_row's entries
  // are: for skip-gram's input table this was a second write of every gradient row.
  for (const int64_t index : indices) {
    std::copy_n(rows, row_dim_, new_entry(index));
    rows += row_dim_;
  }
}

void SparseRows::coalesce() {
  if (coalesced_) return;
  const int64_t n = stored_rows();
  order_.resize(static_cast<size_t>(n));
  std::iota(order_.begin(), order_.end(), int64_t{0});
  // Stable, so that duplicates are summed in their order of arrival: deterministic floats.
  std::stable_sort(order_.begin(), order_.end(),
                   [&](int64_t a, int64_t b) { return indices_[a] < indices_[b]; });
  std::vector<int64_t> merged_indices;
  std::vector<float> merged_values;
  merged_indices.reserve(static_cast<size_t>(n));
  merged_values.reserve(values_.size());
  for (int64_t k : order_) {
    const float* src = row(k);
    if (merged_indices.empty() || merged_indices.back() != indices_[k]) {
      merged_indices.push_back(indices_[k]);
      merged_values.insert(merged_values.end(), src, src + row_dim_);
    } else {
      float* dst = merged_values.data() + merged_values.size() - static_cast<size_t>(row_dim_);
      for (int64_t j = 0; j < row_dim_; ++j) dst[j] += src[j];
    }
  }
  forget_entries();
  indices_ = std::move(merged_indices);
  values_ = std::move(merged_values);
  coalesced_ = true;
  if (!entry_of_.empty()) {
    for (int64_t k = 0; k < stored_rows(); ++k) entry_of_[indices_[k]] = k;
  }
}

Tensor SparseRows::to_dense() const {
  Tensor dense({num_rows_, row_dim_});
  for (int64_t k = 0; k < stored_rows(); ++k) {
    float* dst = dense.data() + indices_[k] * row_dim_;
    const float* src = row(k);
    for (int64_t j = 0; j < row_dim_; ++j) dst[j] += src[j];
  }
  return dense;
}

void SparseRows::clear() {
  forget_entries();
  indices_.clear();
  coalesced_ = true;
}

}  // namespace gv
