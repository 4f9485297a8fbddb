#include "word2vec/frozen_rows.h"

#include <algorithm>

namespace gv {

FrozenRows::FrozenRows(const std::vector<int64_t>& ids, int64_t vocab_size) {
  if (ids.empty()) return;
  frozen_.assign(static_cast<size_t>(vocab_size), 0);
  for (const int64_t id : ids) frozen_.at(static_cast<size_t>(id)) = 1;
}

void FrozenRows::zero_gradients(Var& in_view) const {
  if (frozen_.empty() || !in_view.has_sparse_grad()) return;
  SparseRows& grad = in_view.sparse_grad();
  // With subwords the bucket rows follow the words' and are never frozen.
  const auto words = static_cast<int64_t>(frozen_.size());
  for (int64_t entry = 0; entry < grad.stored_rows(); ++entry) {
    const int64_t row = grad.index(entry);
    if (row < words && frozen_[static_cast<size_t>(row)])
      std::fill_n(grad.row(entry), grad.row_dim(), 0.0f);
  }
}

}  // namespace gv
