// Hierarchical softmax (HS) as an autograd op, and the same loss composed from primitive ops
// as its reference.
//
// P(w | h) is the product of binary choices down w's path in the Huffman tree: at inner node
// n with branch bit b, the step costs -log σ(s u_n · h) with s = 1 - 2b, so branch 0 is the
// one σ(u_n · h) chooses (word2vec.c's label 1 - code). A pair's loss, the sum over its path,
// is -log P(w | h) of a proper distribution over the vocabulary, at O(log V) steps instead of
// the full softmax's V.
//
// The input is a dense h (N, C), not table ids, so any model can feed it: skip-gram passes
// rows of W_in (gather_rows), CBOW the mean of a window's rows. Rows come in groups that
// predict the same word (skip-gram: a centre's contexts), so each inner node on the path gets
// one gradient row per group rather than one per input.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "autograd/var.h"
#include "word2vec/huffman_tree.h"

namespace gv {

// A minibatch of groups, reused across steps by one worker (clear() keeps capacity).
struct HsBatch {
  std::shared_ptr<const HuffmanTree> tree;
  std::vector<int64_t> words;           // (G) the word group g predicts
  std::vector<int64_t> row_offsets{0};  // group g's rows of h: [offsets[g], offsets[g+1])
  // Scratch written by the forward pass and read by backward: σ(x) - (1 - b) per path step.
  std::vector<float> coefficients;
  std::vector<float> labels;  // forward's scratch: 1 - b per path step

  int64_t groups() const { return static_cast<int64_t>(words.size()); }
  int64_t rows() const { return row_offsets.back(); }
  void clear() {
    words.clear();
    row_offsets.assign(1, 0);
  }
  // Appends a group of `num_rows` rows of h that predict `word`.
  void add_group(int64_t word, int64_t num_rows) {
    words.push_back(word);
    row_offsets.push_back(rows() + num_rows);
  }
};

// The fused op: summed HS loss of every (row of h, word) pair in the batch, a scalar.
// `nodes` (R, C) is the inner-node table, R >= V-1 (inner node n reads row n), a leaf such as
// a parameter or its view. Backward writes h's dense gradient and adds row-sparse
// gradients to `nodes`, one entry per distinct node of the batch's paths. Like sgns_loss, the op
// keeps the batch for backward to read: while use_count() > 1, the caller must not change it.
// Throws std::invalid_argument for mismatched shapes and std::out_of_range for a word outside [0,
// V).
Var hs_loss(const Var& h, const Var& nodes, std::shared_ptr<HsBatch> batch);

// The same loss built from gather_rows, mul, sum, log_sigmoid, one path step per row: what
// hs_loss computes, spelled out. The tests check that both agree in value and gradient.
Var hs_loss_composed(const Var& h, const Var& nodes, const HsBatch& batch);

}  // namespace gv
