#include "word2vec/losses/hs/hs_objective.h"

#include <utility>

namespace gv {

namespace {

std::shared_ptr<HsBatch> empty_batch(const std::shared_ptr<const HuffmanTree>& tree) {
  auto batch = std::make_shared<HsBatch>();
  batch->tree = tree;
  return batch;
}

}  // namespace

HsObjective::HsObjective(std::shared_ptr<const HuffmanTree> tree, ModelKind model,
                         std::shared_ptr<const SubwordRows> subwords)
    : tree_(std::move(tree)),
      fused_(model == ModelKind::skipgram && !subwords),
      inputs_(model, std::move(subwords)),
      batch_(empty_batch(tree_)),
      previous_(empty_batch(tree_)) {}

void HsObjective::add(const Example& example, Rng&) {
  if (fused_) {
    batch_->add_table_group(example.centre, example.contexts);
  } else {
    batch_->add_group(example.centre, inputs_.add(example.contexts));
  }
}

Var HsObjective::loss(const Var& w_in, const Var& w_out) {
  Var loss = fused_ ? hs_loss<TableInputs>(w_in, w_out, batch_)
                    : hs_loss<DenseInputs>(inputs_.rows_of(w_in), w_out, batch_);  // h: (N, C)
  inputs_.clear();
  take_turns(batch_, previous_, [&] { return empty_batch(tree_); });
  return loss;
}

}  // namespace gv
