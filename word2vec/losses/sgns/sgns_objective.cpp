#include "word2vec/losses/sgns/sgns_objective.h"

#include <string>
#include <utility>

#include "autograd/require.h"

namespace gv {

SgnsObjective::SgnsObjective(std::shared_ptr<const NegativeSampler> noise, int64_t negatives,
                             bool shared_negatives, ModelKind model,
                             std::shared_ptr<const SubwordRows> subwords)
    : LogisticObjective(model, std::move(subwords), /*outputs_distinct=*/false),
      noise_(std::move(noise)),
      negatives_(negatives),
      shared_negatives_(shared_negatives || model == ModelKind::cbow) {
  // Bounded, so that K + 1 outputs per group can neither overflow nor swallow memory.
  require(negatives >= 1 && negatives <= kMaxNegatives, "sgns: negatives",
          "in [1, " + std::to_string(kMaxNegatives) + "]", negatives);
  outputs_.resize(static_cast<size_t>(negatives + 1));
  labels_.assign(static_cast<size_t>(negatives + 1), 0.0f);
  labels_[0] = 1.0f;
}

void SgnsObjective::add(const Example& example, Rng& rng) {
  // Input rows: skip-gram one per context, CBOW one.
  const int64_t rows =
      reads_table_ ? static_cast<int64_t>(example.contexts.size()) : inputs_.add(example.contexts);
  const int64_t groups = shared_negatives_ ? 1 : rows;
  const int64_t rows_per_group = shared_negatives_ ? rows : 1;
  outputs_[0] = example.centre;
  for (int64_t g = 0; g < groups; ++g) {
    for (int64_t k = 1; k <= negatives_; ++k)
      outputs_[k] = noise_->sample_other_than(example.centre, rng);
    if (reads_table_) {
      batch_->add_table_group(example.contexts.subspan(static_cast<size_t>(g * rows_per_group),
                                                       static_cast<size_t>(rows_per_group)),
                              outputs_, labels_);
    } else {
      batch_->add_rows_group(rows_per_group, outputs_, labels_);
    }
  }
}

}  // namespace gv
