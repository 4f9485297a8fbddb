#include "word2vec/losses/hs/hs_objective.h"

#include <utility>

namespace gv {

HsObjective::HsObjective(std::shared_ptr<const HuffmanTree> tree, ModelKind model,
                         std::shared_ptr<const SubwordRows> subwords)
    : LogisticObjective(model, std::move(subwords), /*outputs_distinct=*/true),
      tree_(std::move(tree)) {}

void HsObjective::add(const Example& example, Rng&) {
  tree_->path(example.centre, path_nodes_, path_labels_);
  if (reads_table_) {
    batch_->add_table_group(example.contexts, path_nodes_, path_labels_);
  } else {
    batch_->add_rows_group(inputs_.add(example.contexts), path_nodes_, path_labels_);
  }
}

}  // namespace gv
