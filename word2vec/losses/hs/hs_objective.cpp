#include "word2vec/losses/hs/hs_objective.h"

#include <utility>

namespace gv {

HsObjective::HsObjective(std::shared_ptr<const HuffmanTree> tree, ModelKind model,
                         std::shared_ptr<const SubwordRows> subwords)
    : LogisticObjective(model, std::move(subwords), /*outputs_distinct=*/true),
      tree_(std::move(tree)) {}

void HsObjective::add(const Example& example, Rng&) {
  const int64_t depth = tree_->depth(example.centre);
  const LogisticGroups::OutputSlots outputs =
      reads_table_ ? batch_->add_table_group(example.contexts, depth)
                   : batch_->add_rows_group(inputs_.add(example.contexts), depth);
  tree_->path(example.centre, outputs.ids, outputs.labels);
}

}  // namespace gv
