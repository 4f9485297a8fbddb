#include "word2vec/anchored_rows.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "autograd/ops.h"

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
    : anchor_(std::move(anchor)) {
  if (!anchor_) return;
  if (anchor_->values.shape() != Shape{static_cast<int64_t>(anchor_->rows.size()), dim})
    throw std::invalid_argument("AnchoredRows: the values are not (rows, dim)");
  slot_.assign(static_cast<size_t>(vocab_size), -1);
  for (size_t k = 0; k < anchor_->rows.size(); ++k)
    slot_.at(static_cast<size_t>(anchor_->rows[k])) = static_cast<int64_t>(k);
}

Var AnchoredRows::loss(const Var& in_view, std::span<const int64_t> rows) const {
  std::vector<int64_t> ids, targets;
  // With subwords the bucket rows follow the words' and are never anchored.
  const auto words = static_cast<int64_t>(slot_.size());
  for (const int64_t row : rows) {
    if (row < words && slot_[static_cast<size_t>(row)] >= 0) ids.push_back(row);
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  targets.reserve(ids.size());
  for (const int64_t row : ids) targets.push_back(slot_[static_cast<size_t>(row)]);
  return mul_scalar(row_distance_loss(in_view, ids, anchor_->values, targets), anchor_->lambda);
}

}  // namespace gv
