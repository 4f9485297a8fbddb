// HsObjective: skip-gram with hierarchical softmax, through the fused hs_loss op.
//
// Each example is one group of an HsBatch: its contexts' W_in rows are the inputs h, all
// predicting the centre down its Huffman path. Nothing is sampled, so it draws nothing from
// the random stream. The tree is built once from the vocabulary's counts and shared read-only
// by every worker's objective. Inner node n reads row n of W_out: the trainer's (V, C) output
// table serves as it is (its last row unused), so the loop, the optimizer and the checkpoint
// are the same for every objective. Like word2vec.c's syn1, that table starts at zero.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "word2vec/hs_loss.h"
#include "word2vec/huffman_tree.h"
#include "word2vec/objective.h"

namespace gv {

class HsObjective final : public Objective {
 public:
  explicit HsObjective(std::shared_ptr<const HuffmanTree> tree);

  void add(const Example& example, Rng& rng) override;
  // One pair per context: its loss is -log P(centre | context), a sum over the path.
  int64_t pairs() const override { return static_cast<int64_t>(inputs_.size()); }
  Var loss(const Var& w_in, const Var& w_out) override;

 private:
  std::shared_ptr<const HuffmanTree> tree_;
  std::vector<int64_t> inputs_;  // (N) context ids, the rows of h; gather_rows copies them
  // The batch the last loss's backward may still read, and the one being filled: they take
  // turns as SgnsObjective's do (see there).
  std::shared_ptr<HsBatch> batch_, previous_;
};

}  // namespace gv
