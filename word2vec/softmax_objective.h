// SoftmaxObjective: full-softmax skip-gram, the textbook model, for small vocabularies.
//
// Every (context, centre) pair of an example is one row: the context's W_in row against
// every row of W_out, a cross-entropy over the whole vocabulary with the centre as target.
// No sampling, so it draws nothing from the random stream; W_out's gradient is dense.
#pragma once

#include <cstdint>
#include <vector>

#include "word2vec/objective.h"

namespace gv {

// The loss composed from engine ops:
//     logits = W_in[inputs] @ W_outᵀ  (N, V),  loss = mean cross-entropy against targets.
Var softmax_skipgram_loss(const Var& w_in, const Var& w_out, const std::vector<int64_t>& inputs,
                          const std::vector<int64_t>& targets);

class SoftmaxObjective final : public Objective {
 public:
  void add(const Example& example, Rng& rng) override;
  int64_t pairs() const override { return static_cast<int64_t>(inputs_.size()); }
  // The mean cross-entropy scaled back to a sum, so that a learning rate means the same per
  // pair as with SGNS.
  Var loss(const Var& w_in, const Var& w_out) override;

 private:
  std::vector<int64_t> inputs_;   // (N) context ids
  std::vector<int64_t> targets_;  // (N) centre ids
};

}  // namespace gv
