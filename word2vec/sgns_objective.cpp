#include "word2vec/sgns_objective.h"

#include <stdexcept>
#include <string>
#include <utility>

#include "autograd/ops.h"

namespace gv {

namespace {

std::shared_ptr<SgnsBatch> empty_batch(int64_t negatives, bool bagged) {
  auto batch = std::make_shared<SgnsBatch>();
  batch->negatives = negatives;
  batch->bagged = bagged;
  return batch;
}

}  // namespace

SgnsObjective::SgnsObjective(std::shared_ptr<const NegativeSampler> noise, int64_t negatives,
                             bool shared_negatives, ModelKind model)
    : noise_(std::move(noise)),
      negatives_(negatives),
      bagged_(model == ModelKind::cbow),
      shared_negatives_(shared_negatives || bagged_),
      batch_(empty_batch(negatives, bagged_)),
      previous_(empty_batch(negatives, bagged_)) {
  if (negatives < 1) {
    throw std::invalid_argument("sgns: negatives must be positive, got " +
                                std::to_string(negatives));
  }
  outputs_.resize(static_cast<size_t>(negatives + 1));
}

void SgnsObjective::add(const Example& example, Rng& rng) {
  const int64_t m = static_cast<int64_t>(example.contexts.size());
  const int64_t groups = shared_negatives_ ? 1 : m;
  const int64_t inputs_per_group = shared_negatives_ ? m : 1;
  outputs_[0] = example.centre;
  for (int64_t g = 0; g < groups; ++g) {
    for (int64_t k = 1; k <= negatives_; ++k) {
      do outputs_[k] = noise_->sample(rng);
      while (outputs_[k] == example.centre);
    }
    batch_->add_group(example.contexts.data() + g * inputs_per_group, inputs_per_group,
                      outputs_.data());
  }
}

Var SgnsObjective::loss(const Var& w_in, const Var& w_out) {
  // CBOW: h (G, C), each group's bag of contexts averaged into its one input row, with
  // word2vec's undivided gradient (see ExampleInputs).
  Var loss = bagged_ ? sgns_rows_loss(embedding_bag(w_in, batch_->input_ids, batch_->input_offsets,
                                                    BagGradient::undivided),
                                      w_out, batch_)
                     : sgns_loss(w_in, w_out, batch_);
  take_turns(batch_, previous_, [&] { return empty_batch(negatives_, bagged_); });
  return loss;
}

}  // namespace gv
