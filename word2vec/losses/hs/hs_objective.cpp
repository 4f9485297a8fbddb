#include "word2vec/losses/hs/hs_objective.h"

#include <utility>

namespace gv {

HsObjective::HsObjective(std::shared_ptr<const HuffmanTree> tree, ModelKind model,
                         std::shared_ptr<const SubwordRows> subwords)
    : FusedObjective(model, std::move(subwords), &hs_loss<TableInputs>, &hs_loss<DenseInputs>,
                     HsBatch::empty(std::move(tree))) {}

void HsObjective::add(const Example& example, Rng&) {
  if (reads_table_) {
    batch_->add_table_group(example.centre, example.contexts);
  } else {
    batch_->add_rows_group(example.centre, inputs_.add(example.contexts));
  }
}

}  // namespace gv
