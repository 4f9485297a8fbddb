#include "word2vec/anchored_rows.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace gv {

void check_anchor(float lambda, float lr) {
  std::ostringstream why;
  if (!std::isfinite(lambda) || lambda < 0.0f) {
    why << "train: --anchor-known must be a number >= 0, got " << lambda;
  } else if (lambda * lr > kMaxAnchorStep) {  // in float, as the step computes it
    why << "train: --anchor-known " << lambda << " with --lr " << lr
        << ": their product must be at most " << kMaxAnchorStep
        << ", or each step pulls a known row past its old value";
  } else {
    return;
  }
  throw std::invalid_argument(why.str());
}

AnchoredRows::AnchoredRows(std::shared_ptr<const RowAnchor> anchor, int64_t vocab_size, int64_t dim)
    : anchor_(std::move(anchor)), dim_(dim) {
  if (!anchor_) return;
  if (anchor_->values.size() != anchor_->rows.size() * static_cast<size_t>(dim))
    throw std::invalid_argument("AnchoredRows: the values are not dim floats a row");
  slot_.assign(static_cast<size_t>(vocab_size), -1);
  for (size_t k = 0; k < anchor_->rows.size(); ++k)
    slot_.at(static_cast<size_t>(anchor_->rows[k])) = static_cast<int64_t>(k);
}

void AnchoredRows::pull(Var& in_view) const {
  if (!anchor_ || !in_view.has_sparse_grad()) return;
  SparseRows& grad = in_view.sparse_grad();
  grad.coalesce();  // one entry per row, so that each row is pulled once
  const float lambda = anchor_->lambda;
  const float* table = in_view.value().data();
  // With subwords the bucket rows follow the words' and are never anchored.
  const auto words = static_cast<int64_t>(slot_.size());
  for (int64_t entry = 0; entry < grad.stored_rows(); ++entry) {
    const int64_t row = grad.index(entry);
    if (row >= words || slot_[static_cast<size_t>(row)] < 0) continue;
    const float* w = table + row * grad.row_dim();
    const float* w_old = anchor_->values.data() + slot_[static_cast<size_t>(row)] * dim_;
    float* g = grad.row(entry);
    for (int64_t c = 0; c < dim_; ++c) g[c] += lambda * (w[c] - w_old[c]);
  }
}

}  // namespace gv
