#include "word2vec/losses/sgns/sgns_objective.h"

#include <algorithm>
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
}

void SgnsObjective::add(const Example& example, Rng& rng) {
  // Input rows: skip-gram one per context, CBOW one.
  const int64_t rows =
      reads_table_ ? static_cast<int64_t>(example.contexts.size()) : inputs_.add(example.contexts);
  const int64_t groups = shared_negatives_ ? 1 : rows;
  const int64_t rows_per_group = shared_negatives_ ? rows : 1;
  for (int64_t g = 0; g < groups; ++g) {
    // The centre, labelled 1, then K negatives drawn into place, labelled 0.
    const LogisticGroups::OutputSlots outputs =
        reads_table_ ? batch_->add_table_group(
                           example.contexts.subspan(static_cast<size_t>(g * rows_per_group),
                                                    static_cast<size_t>(rows_per_group)),
                           negatives_ + 1)
                     : batch_->add_rows_group(rows_per_group, negatives_ + 1);
    outputs.ids[0] = example.centre;
    for (int64_t k = 1; k <= negatives_; ++k) {
      outputs.ids[static_cast<size_t>(k)] = noise_->sample_other_than(example.centre, rng);
    }
    std::fill(outputs.labels.begin(), outputs.labels.end(), 0.0f);
    outputs.labels[0] = 1.0f;
  }
}

}  // namespace gv
