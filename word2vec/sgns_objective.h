// SgnsObjective: skip-gram with negative sampling, through the fused sgns_loss op.
//
// Each example becomes groups of an SgnsBatch: its contexts are the inputs, its centre the
// positive output, followed by K noise words drawn from the unigram^0.75 distribution and
// never equal to the centre. With shared negatives one group holds all of a centre's
// contexts against one draw (pWord2Vec's HogBatch); otherwise each context is its own group
// with a fresh draw (word2vec.c, gensim).
//
// CBOW (ModelKind::cbow) turns an example into one group whose input is the mean of its
// contexts: the batch is bagged, and its loss is sgns_rows_loss on embedding_bag(W_in). Its
// negatives are one draw per centre, as word2vec.c's CBOW draws them.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "word2vec/negative_sampler.h"
#include "word2vec/objective.h"
#include "word2vec/sgns_loss.h"

namespace gv {

class SgnsObjective final : public Objective {
 public:
  // negatives = K >= 1 noise words per group. CBOW's one input per centre is one group, so
  // shared_negatives does not matter to it.
  SgnsObjective(std::shared_ptr<const NegativeSampler> noise, int64_t negatives,
                bool shared_negatives, ModelKind model = ModelKind::skipgram);

  void add(const Example& example, Rng& rng) override;
  int64_t pairs() const override { return batch_->pairs(); }
  Var loss(const Var& w_in, const Var& w_out) override;

 private:
  std::shared_ptr<const NegativeSampler> noise_;
  int64_t negatives_;
  bool bagged_;  // CBOW
  bool shared_negatives_;
  // `batch_` is filled while the last loss's backward may still read `previous_` (take_turns).
  std::shared_ptr<SgnsBatch> batch_, previous_;
  std::vector<int64_t> outputs_;  // (K+1) one group's outputs: the centre, then K negatives
};

}  // namespace gv
