// FusedObjective: what the objectives of the two fused losses (SgnsObjective, HsObjective) share
// around their op: which kind of input rows it reads, and the two batches it alternates between.
//
// The op keeps the batch its loss was built on for backward to read, so after each loss() the
// other batch is filled next. That one is reused when no graph still holds it (use_count() == 1,
// as in training, where each graph is gone before the next step), else replaced by an empty one
// (Batch::empty_like): a refill never reaches a batch a pending backward reads, and the training
// loop allocates none.
#pragma once

#include <memory>
#include <utility>

#include "autograd/var.h"
#include "embeddings/subword_rows.h"
#include "word2vec/example_inputs.h"
#include "word2vec/objective.h"
#include "word2vec/train_options.h"

namespace gv {

template <class Batch>
class FusedObjective : public Objective {
 public:
  // The loss's op on one kind of input rows: sgns_loss<TableInputs>, hs_loss<DenseInputs>, ...
  using Op = Var (*)(const Var& in, const Var& out, std::shared_ptr<Batch> batch);

  Var loss(const Var& w_in, const Var& w_out) final {
    Var loss = reads_table_ ? table_op_(w_in, w_out, batch_)
                            : rows_op_(inputs_.rows_of(w_in), w_out, batch_);  // h: (N, C)
    inputs_.clear();
    std::swap(batch_, previous_);
    if (batch_.use_count() == 1) {
      batch_->clear();
    } else {
      batch_ = batch_->empty_like();
    }
    return loss;
  }

 protected:
  // `empty` is the first batch to fill, configured for the loss (K, the tree).
  FusedObjective(ModelKind model, std::shared_ptr<const SubwordRows> subwords, Op table_op,
                 Op rows_op, std::shared_ptr<Batch> empty)
      : reads_table_(model == ModelKind::skipgram && !subwords),
        inputs_(model, std::move(subwords)),
        batch_(std::move(empty)),
        previous_(batch_->empty_like()),
        table_op_(table_op),
        rows_op_(rows_op) {}

  // Plain skip-gram: the op reads the contexts' W_in rows by id and inputs_ stays unused.
  // Otherwise it scores the rows h (N, C) that inputs_ builds from W_in.
  const bool reads_table_;
  ExampleInputs inputs_;
  std::shared_ptr<Batch> batch_;  // being filled; the last loss's backward may read previous_

 private:
  std::shared_ptr<Batch> previous_;
  Op table_op_, rows_op_;
};

}  // namespace gv
