// LogisticObjective: what the objectives of the grouped logistic loss (SgnsObjective,
// HsObjective) share around their op, logistic_loss.h: which kind of input rows it reads, and the
// two batches of groups it alternates between.
//
// The op keeps the groups its loss was built on for backward to read, so after each loss() the
// other batch is filled next. That one is reused when no graph still holds it (use_count() == 1,
// as in training, where each graph is gone before the next step), else replaced by a new one: a
// refill never reaches groups a pending backward reads, and the training loop allocates none.
#pragma once

#include <memory>
#include <span>
#include <utility>

#include "autograd/var.h"
#include "embeddings/subword_rows.h"
#include "word2vec/examples/example_inputs.h"
#include "word2vec/losses/logistic_loss.h"
#include "word2vec/losses/objective.h"
#include "word2vec/train_options.h"

namespace gv {

class LogisticObjective : public Objective {
 public:
  std::span<const int64_t> input_rows() const final {
    return reads_table_ ? std::span<const int64_t>(batch_->input_ids) : inputs_.ids();
  }
  Var loss(const Var& w_in, const Var& w_out) final {
    Var loss = reads_table_ ? logistic_loss<TableInputs>(w_in, w_out, batch_)
                            : logistic_loss<DenseInputs>(inputs_.rows_of(w_in), w_out,
                                                         batch_);  // h: (N, C)
    inputs_.clear();
    std::swap(batch_, previous_);
    if (batch_.use_count() == 1) {
      batch_->clear();
    } else {
      batch_ = fresh_batch();
    }
    return loss;
  }

 protected:
  // outputs_distinct: the objective never lists an output twice in a group (HS's paths).
  LogisticObjective(ModelKind model, std::shared_ptr<const SubwordRows> subwords,
                    bool outputs_distinct)
      : reads_table_(model == ModelKind::skipgram && !subwords),
        outputs_distinct_(outputs_distinct),
        inputs_(model, std::move(subwords)),
        batch_(fresh_batch()),
        previous_(fresh_batch()) {}

  // Plain skip-gram: the op reads the contexts' W_in rows by id and inputs_ stays unused.
  // Otherwise it scores the rows h (N, C) that inputs_ builds from W_in.
  const bool reads_table_;
  const bool outputs_distinct_;
  ExampleInputs inputs_;
  // Being filled; the last loss's backward may read previous_.
  std::shared_ptr<LogisticGroups> batch_;

 private:
  std::shared_ptr<LogisticGroups> previous_;

  std::shared_ptr<LogisticGroups> fresh_batch() const {
    auto batch = std::make_shared<LogisticGroups>();
    batch->outputs_distinct = outputs_distinct_;
    return batch;
  }
};

}  // namespace gv
