// AnchoredRows: a continued run's pull (train --init --anchor-known LAMBDA) on the model's words'
// rows of W_in toward their values in the model. It adds (lambda/2) ||w - w_old||^2 per known
// row to the loss; the gradient, lambda (w - w_old), joins the row-sparse gradient of each known
// row a step touches, and the optimizer applies it with the step's decaying rate. Between free
// training (lambda 0) and --freeze-known (no move at all): the new text still moves the known
// words, but the further they go from the model, the harder each step pulls them back.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "autograd/var.h"

namespace gv {

// What a checkpoint keeps of the pull: its strength and where it pulls each row.
struct RowAnchor {
  float lambda = 0.0f;
  std::vector<int64_t> rows;  // ascending vocabulary ids: the model's words
  std::vector<float> values;  // (rows, dim): their W_in rows in the model, before training
};

// The largest lr x lambda: an SGD step then moves a row at most back to its old value, never
// past it (from 2 on, each step overshoots further than the last and the run diverges).
inline constexpr float kMaxAnchorStep = 1.0f;

// Throws std::invalid_argument naming --anchor-known when lambda is negative, not finite, or
// with `lr` past kMaxAnchorStep.
void check_anchor(float lambda, float lr);

class AnchoredRows {
 public:
  AnchoredRows() = default;  // none: pull() does nothing
  // `anchor`'s rows are below `vocab_size`; null: none. Throws std::out_of_range for a row
  // that is not, std::invalid_argument for values that are not `dim` floats a row.
  AnchoredRows(std::shared_ptr<const RowAnchor> anchor, int64_t vocab_size, int64_t dim);

  // Adds lambda (w - w_old) to the anchored rows of `in_view`'s row-sparse gradient, once for
  // each row however many entries it has (the pull is the row's, not each use's).
  void pull(Var& in_view) const;

 private:
  std::shared_ptr<const RowAnchor> anchor_;
  int64_t dim_ = 0;
  std::vector<int64_t> slot_;  // by vocabulary id: its row of anchor_->values, -1 for none
};

}  // namespace gv
