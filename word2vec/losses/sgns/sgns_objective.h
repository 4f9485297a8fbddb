// SgnsObjective: skip-gram with negative sampling (SGNS). One training step, end to end, with
// d the vectors' width and the files in word2vec/losses/ unless named:
//
// objective  add() turns each example into groups of a LogisticGroups batch (logistic_loss.h): the
//            contexts are the inputs, the centre the positive output (label 1), followed by K
//            noise words (label 0) drawn from the unigram^0.75 distribution
//            (sgns/negative_sampler.h), never the centre. With shared negatives one group holds
//            all m of a centre's contexts against one draw (pWord2Vec's HogBatch); otherwise each
//            context is its own group with a fresh draw (word2vec.c, gensim). CBOW's one input per
//            centre, the mean of its contexts, is one group with one draw, as word2vec.c's CBOW
//            draws them.
// op         loss() (logistic_objective.h) builds logistic_loss on the worker's views of W_in
//            (V, d) and W_out (V, d). Plain skip-gram: logistic_loss<TableInputs> reads W_in's
//            rows by id where they lie. CBOW and subwords: logistic_loss<DenseInputs> on rows h
//            (N, d) = ExampleInputs::rows_of(W_in) (embedding_bag, gather_rows). The forward scores
//            a group's inputs V (m, d) against its outputs U (K+1, d): X = V Uᵀ (m, K+1) by
//            dot_grid (logistic_loss.cpp), the loss Σ softplus(∓X) by logistic_losses
//            (autograd/simd/kernel_table.h), and keeps G = σ(X) - Y (m, K+1), Y = 1 for the
//            positive and 0 for a negative, in the batch.
// gradient   backward (the same op, logistic_loss.cpp, through group_grads.h): per group dL/dV =
//            G U (m, d) and dL/dU = Gᵀ V (K+1, d), by dot_block_grads, as row-sparse entries of
//            W_in and W_out, one per distinct id (autograd/sparse_rows.h); or h's dense gradient,
//            which rows_of's ops carry back to W_in's rows.
// optimizer  the trainer's Optimizer::step (autograd/optim.cpp) finds only row-sparse gradients on
//            both tables and updates just those rows (update_rows: SGD, Adagrad or Adam, row by
//            row).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "embeddings/subword_rows.h"
#include "word2vec/losses/logistic_objective.h"
#include "word2vec/losses/sgns/negative_sampler.h"

namespace gv {

class SgnsObjective final : public LogisticObjective {
 public:
  // negatives = K >= 1 noise words per group. CBOW's one input per centre is one group, so
  // shared_negatives does not matter to it.
  SgnsObjective(std::shared_ptr<const NegativeSampler> noise, int64_t negatives,
                bool shared_negatives, ModelKind model = ModelKind::skipgram,
                std::shared_ptr<const SubwordRows> subwords = nullptr);

  void add(const Example& example, Rng& rng) override;
  int64_t pairs() const override { return batch_->pairs(); }

 private:
  std::shared_ptr<const NegativeSampler> noise_;
  int64_t negatives_;
  bool shared_negatives_;
};

}  // namespace gv
