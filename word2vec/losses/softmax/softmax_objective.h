// SoftmaxObjective: the full softmax, the textbook model, for small vocabularies. One training
// step, end to end, with d the vectors' width:
//
// objective  add() takes each input row of an example (skip-gram: one per context; CBOW: the mean
//            of its contexts, see ExampleInputs) with the centre as its target. No sampling, so it
//            draws nothing from the random stream.
// op         loss() builds softmax_loss below from engine ops on h (N, d) =
//            ExampleInputs::rows_of(W_in): logits = h @ W_outᵀ (N, V) (matmul), then cross_entropy
//            against the N targets (autograd/ops/losses.cpp), scaled back from a mean to a sum. No
//            fused op: every row meets all of W_out, a plain matrix product.
// gradient   the engine ops' own backward: dL/dlogits = softmax - one-hot (N, V), dL/dh =
//            dL/dlogits W_out (N, d), which rows_of's ops carry back to W_in's rows, and a dense
//            dL/dW_out = dL/dlogitsᵀ h (V, d).
// optimizer  the trainer's Optimizer::step (autograd/optim.cpp): a row-sparse step on W_in, a dense
//            one (update_dense) on all of W_out.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "word2vec/examples/example_inputs.h"
#include "word2vec/losses/objective.h"

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
  std::span<const int64_t> input_rows() const override { return inputs_.ids(); }
  // The mean cross-entropy scaled back to a sum, so that a learning rate means the same per
  // pair as with SGNS.
  Var loss(const Var& w_in, const Var& w_out) override;

 private:
  ExampleInputs inputs_;
  std::vector<int64_t> targets_;  // (N) the centre of each input row
};

}  // namespace gv
