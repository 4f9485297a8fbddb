// AnchoredRows: a continued run's pull (train --init --anchor-known LAMBDA) on the model's words'
// rows of W_in toward their values in the model: a loss term, (lambda/2) ||w - w_old||^2 for each
// known row a step reads, added to the objective's loss (the engine's row_distance_loss). Its
// gradient, lambda (w - w_old), joins each such row's row-sparse gradient, and the optimizer
// applies it with the step's decaying rate. Between free training (lambda 0) and --freeze-known
// (no move at all): the new text still moves the known words, but the further they go from the
// model, the harder each step pulls them back.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "autograd/tensor.h"
#include "autograd/var.h"

namespace gv {

// What a checkpoint keeps of the pull: its strength and where it pulls each row.
struct RowAnchor {
  float lambda = 0.0f;
  std::vector<int64_t> rows;  // ascending vocabulary ids: the model's words
  Tensor values;              // (rows, dim): their W_in rows in the model, before training
};

// The largest lr x lambda: an SGD step then moves a row at most back to its old value, never
// past it (from 2 on, each step overshoots further than the last and the run diverges).
inline constexpr float kMaxAnchorStep = 1.0f;

// Throws std::invalid_argument naming --anchor-known when lambda is negative, not finite, or
// with `lr` past kMaxAnchorStep.
void check_anchor(float lambda, float lr);

class AnchoredRows {
 public:
  AnchoredRows() = default;  // none
  // `anchor`'s rows are below `vocab_size`; null: none. Throws std::out_of_range for a row
  // that is not, std::invalid_argument for values that are not (rows, dim).
  AnchoredRows(std::shared_ptr<const RowAnchor> anchor, int64_t vocab_size, int64_t dim);

  explicit operator bool() const { return anchor_ != nullptr; }
  // The pull on the anchored rows among `rows` (W_in rows a step reads; repeats and rows past
  // the vocabulary, subword buckets, allowed), each once: (lambda/2) Σ ||w - w_old||² as a scalar
  // Var on `in_view`. Added to the objective's loss, first (loss = pull + objective), so that
  // backward reaches it after the objective: its gradient joins each row's entry after the
  // lookups', once per row however many entries the row had.
  Var loss(const Var& in_view, std::span<const int64_t> rows) const;

 private:
  std::shared_ptr<const RowAnchor> anchor_;
  std::vector<int64_t> slot_;  // by vocabulary id: its row of anchor_->values, -1 for none
};

}  // namespace gv
