// The fused hierarchical softmax (HS) op: its loss, forward and backward, in one autograd node
// (hs_objective.h walks the whole way from objective to optimizer; the same loss composed from
// primitive ops, which the tests check this one against, is in tests/word2vec/composed_losses.h).
//
// P(w | h) is the product of binary choices down w's path in the Huffman tree: at inner node
// n with branch bit b, the step costs -log σ(s u_n · h) with s = 1 - 2b, so branch 0 is the
// one σ(u_n · h) chooses (word2vec.c's label 1 - code). A pair's loss, the sum over its path,
// is -log P(w | h) of a proper distribution over the vocabulary, at O(log V) steps instead of
// the full softmax's V.
//
// Rows come in groups that predict the same word (skip-gram: a centre's contexts), so each
// inner node on the path gets one gradient row per group rather than one per input.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "autograd/var.h"
#include "word2vec/losses/hs/huffman_tree.h"
#include "word2vec/losses/input_rows.h"

namespace gv {

// A minibatch of groups, reused across steps by one worker (clear() keeps capacity).
struct HsBatch {
  std::shared_ptr<const HuffmanTree> tree;
  std::vector<int64_t> words;           // (G) the word group g predicts
  std::vector<int64_t> row_offsets{0};  // group g's inputs: [offsets[g], offsets[g+1])
  std::vector<int64_t> input_ids;       // TableInputs: every group's W_in rows, in order
  // Scratch written by the forward pass and read by backward: σ(x) - (1 - b) per path step.
  std::vector<float> coefficients;
  std::vector<float> labels;  // forward's scratch: 1 - b per path step

  int64_t groups() const { return static_cast<int64_t>(words.size()); }
  int64_t rows() const { return row_offsets.back(); }
  void clear() {
    words.clear();
    row_offsets.assign(1, 0);
    input_ids.clear();
  }
  // A new empty batch on `tree`; one on this batch's tree.
  static std::shared_ptr<HsBatch> empty(std::shared_ptr<const HuffmanTree> tree) {
    auto batch = std::make_shared<HsBatch>();
    batch->tree = std::move(tree);
    return batch;
  }
  std::shared_ptr<HsBatch> empty_like() const { return empty(tree); }
  // For DenseInputs: appends a group of the next `num_rows` rows of h that predict `word`.
  void add_rows_group(int64_t word, int64_t num_rows) {
    words.push_back(word);
    row_offsets.push_back(rows() + num_rows);
  }
  // For TableInputs: appends a group whose inputs, the W_in rows `ids`, predict `word`.
  void add_table_group(int64_t word, std::span<const int64_t> ids) {
    input_ids.insert(input_ids.end(), ids.begin(), ids.end());
    add_rows_group(word, static_cast<int64_t>(ids.size()));
  }
};

// The fused HS op: summed loss of every (input row, word) pair in the batch, a scalar. `in` is
// W_in (V, C), read by the batch's input_ids (TableInputs: plain skip-gram), or dense rows h
// (N, C) with N = batch.rows() (DenseInputs: CBOW, subwords). `nodes` (R, C) is the inner-node
// table, R >= V-1 (inner node n reads row n), a leaf such as a parameter or its view. Backward
// gives `in` its gradient (row-sparse, one entry per distinct id, or dense) and the nodes a
// row-sparse one, an entry per distinct node of the batch's paths. The op keeps the batch for
// backward to read: while use_count() > 1, the caller must not change it. Throws
// std::invalid_argument for mismatched shapes and std::out_of_range for a word outside [0, V) or
// an id outside W_in. Op names: hs_loss, hs_rows_loss.
template <class Inputs>
Var hs_loss(const Var& in, const Var& nodes, std::shared_ptr<HsBatch> batch);
extern template Var hs_loss<TableInputs>(const Var&, const Var&, std::shared_ptr<HsBatch>);
extern template Var hs_loss<DenseInputs>(const Var&, const Var&, std::shared_ptr<HsBatch>);

}  // namespace gv
