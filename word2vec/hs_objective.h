// HsObjective: hierarchical softmax, through the fused HS ops, for either model.
//
// Each example is one group of an HsBatch: its input rows all predict the centre down its
// Huffman path. Plain skip-gram's rows are the contexts' W_in rows, which hs_loss reads by id;
// the other models' are rows h that ExampleInputs builds (CBOW: the contexts' mean), scored by
// hs_rows_loss. Nothing
// is sampled, so it draws nothing from the random stream. The tree is built once from the
// vocabulary's counts and shared read-only by every worker's objective. Inner node n reads row n of
// W_out: the trainer's (V, C) output table serves as it is (its last row unused), so the loop, the
// optimizer and the checkpoint are the same for every objective. Like word2vec.c's syn1, that table
// starts at zero.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "word2vec/example_inputs.h"
#include "word2vec/hs_loss.h"
#include "word2vec/huffman_tree.h"
#include "word2vec/objective.h"

namespace gv {

class HsObjective final : public Objective {
 public:
  HsObjective(std::shared_ptr<const HuffmanTree> tree, ModelKind model,
              std::shared_ptr<const SubwordRows> subwords = nullptr);

  void add(const Example& example, Rng& rng) override;
  // One pair per input row: its loss is -log P(centre | row), a sum over the path.
  int64_t pairs() const override { return batch_->rows(); }
  Var loss(const Var& w_in, const Var& w_out) override;

 private:
  std::shared_ptr<const HuffmanTree> tree_;
  bool fused_;            // plain skip-gram: hs_loss on W_in's rows, ExampleInputs unused
  ExampleInputs inputs_;  // the rows of h (N, C); the ops that read them keep their own copies
  // `batch_` is filled while the last loss's backward may still read `previous_` (take_turns).
  std::shared_ptr<HsBatch> batch_, previous_;
};

}  // namespace gv
