// SoftmaxObjective: the full softmax, the textbook model, for small vocabularies.
//
// Every input row of an example (skip-gram: one per context; CBOW: the mean of its contexts,
// see ExampleInputs) is scored against every row of W_out, a cross-entropy over the whole
// vocabulary with the centre as target. No sampling, so it draws nothing from the random
// stream; W_out's gradient is dense.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "word2vec/example_inputs.h"
#include "word2vec/objective.h"

namespace gv {

// The loss composed from engine ops on input rows h (N, C):
//     logits = h @ W_outᵀ  (N, V),  loss = mean cross-entropy against targets (N).
Var softmax_loss(const Var& h, const Var& w_out, std::span<const int64_t> targets);

class SoftmaxObjective final : public Objective {
 public:
  explicit SoftmaxObjective(ModelKind model = ModelKind::skipgram,
                            std::shared_ptr<const SubwordRows> subwords = nullptr)
      : inputs_(model, std::move(subwords)) {}

  void add(const Example& example, Rng& rng) override;
  int64_t pairs() const override { return inputs_.rows(); }
  // The mean cross-entropy scaled back to a sum, so that a learning rate means the same per
  // pair as with SGNS.
  Var loss(const Var& w_in, const Var& w_out) override;

 private:
  ExampleInputs inputs_;
  std::vector<int64_t> targets_;  // (N) the centre of each input row
};

}  // namespace gv
