// HsObjective: hierarchical softmax (HS), for either model. One training step, end to end, with
// d the vectors' width and the files in word2vec/losses/ unless named:
//
// objective  add() makes each example one group of a LogisticGroups batch (logistic_loss.h): its m
//            input rows all predict the centre w down w's Huffman path (hs/huffman_tree.h): the
//            outputs are the path's inner nodes n_1..n_L, L about log2 V, with labels 1 - b_j for
//            branch bits b_j. Nothing is sampled, so it draws nothing from the random stream. The
//            tree is built once from the vocabulary's counts and shared read-only by every
//            worker's objective.
// op         loss() (logistic_objective.h) builds logistic_loss on the worker's views of W_in
//            (V, d) and W_out (V, d), whose row n is inner node n's vector (the last row unused),
//            so the loop, the optimizer and the checkpoint are the same for every objective; like
//            word2vec.c's syn1, that table starts at zero. Plain skip-gram:
//            logistic_loss<TableInputs> reads the contexts' W_in rows by id. CBOW and subwords:
//            logistic_loss<DenseInputs> on rows h (N, d) = ExampleInputs::rows_of(W_in) (CBOW: the
//            contexts' mean). The forward scores a group's rows H (m, d) against its path's nodes
//            U (L, d): X = H Uᵀ (m, L) by dot_grid (logistic_loss.cpp), the loss Σ softplus(-s X),
//            s = 1 - 2b, by logistic_losses (autograd/simd/kernel_table.h), and keeps
//            G = σ(X) - (1 - b) (m, L) in the batch.
// gradient   backward (the same op, logistic_loss.cpp, through group_grads.h): per group dL/dH =
//            G U (m, d) and dL/dU = Gᵀ H (L, d), by dot_block_grads, as row-sparse entries of the
//            node table, one per distinct node, and of W_in, one per distinct id
//            (autograd/sparse_rows.h); or h's dense gradient, which rows_of's ops carry back to
//            W_in's rows.
// optimizer  the trainer's Optimizer::step (autograd/optim.cpp) finds only row-sparse gradients on
//            both tables and updates just those rows (update_rows).
#pragma once

#include <cstdint>
#include <memory>

#include "word2vec/losses/hs/huffman_tree.h"
#include "word2vec/losses/logistic_objective.h"

namespace gv {

class HsObjective final : public LogisticObjective {
 public:
  HsObjective(std::shared_ptr<const HuffmanTree> tree, ModelKind model,
              std::shared_ptr<const SubwordRows> subwords = nullptr);

  void add(const Example& example, Rng& rng) override;
  // One pair per input row: its loss is -log P(centre | row), a sum over the path.
  int64_t pairs() const override { return batch_->input_count(); }

 private:
  std::shared_ptr<const HuffmanTree> tree_;
};

}  // namespace gv
