// SgnsObjective: skip-gram with negative sampling, through the fused sgns_loss op.
//
// Each example becomes groups of an SgnsBatch: its contexts are the inputs, its centre the
// positive output, followed by K noise words drawn from the unigram^0.75 distribution and
// never equal to the centre. With shared negatives one group holds all of a centre's
// contexts against one draw (pWord2Vec's HogBatch); otherwise each context is its own group
// with a fresh draw (word2vec.c, gensim).
//
// Plain skip-gram reads W_in rows straight from the fused op. CBOW (one input per centre, the
// mean of its contexts) and subwords (each input a mean of subword rows) build their input
// rows h from engine ops instead (ExampleInputs), and score them with sgns_rows_loss. CBOW's
// negatives are one draw per centre, as word2vec.c's CBOW draws them.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "embeddings/subword_rows.h"
#include "word2vec/example_inputs.h"
#include "word2vec/negative_sampler.h"
#include "word2vec/objective.h"
#include "word2vec/sgns_loss.h"

namespace gv {

class SgnsObjective final : public Objective {
 public:
  // negatives = K >= 1 noise words per group. CBOW's one input per centre is one group, so
  // shared_negatives does not matter to it.
  SgnsObjective(std::shared_ptr<const NegativeSampler> noise, int64_t negatives,
                bool shared_negatives, ModelKind model = ModelKind::skipgram,
                std::shared_ptr<const SubwordRows> subwords = nullptr);

  void add(const Example& example, Rng& rng) override;
  int64_t pairs() const override { return batch_->pairs(); }
  Var loss(const Var& w_in, const Var& w_out) override;

 private:
  std::shared_ptr<const NegativeSampler> noise_;
  int64_t negatives_;
  bool fused_;  // plain skip-gram: sgns_loss reads W_in's rows itself
  bool shared_negatives_;
  ExampleInputs inputs_;  // otherwise: the rows of h (N, C)
  // `batch_` is filled while the last loss's backward may still read `previous_` (take_turns).
  std::shared_ptr<SgnsBatch> batch_, previous_;
  std::vector<int64_t> outputs_;  // (K+1) one group's outputs: the centre, then K negatives
};

}  // namespace gv
