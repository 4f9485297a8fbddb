// Hierarchical softmax (HS) as an autograd op, and the same loss composed from primitive ops
// as its reference.
//
// P(w | h) is the product of binary choices down w's path in the Huffman tree: at inner node
// n with branch bit b, the step costs -log σ(s u_n · h) with s = 1 - 2b, so branch 0 is the
// one σ(u_n · h) chooses (word2vec.c's label 1 - code). A pair's loss, the sum over its path,
// is -log P(w | h) of a proper distribution over the vocabulary, at O(log V) steps instead of
// the full softmax's V.
//
// Rows come in groups that predict the same word (skip-gram: a centre's contexts), so each
// inner node on the path gets one gradient row per group rather than one per input. As with
// SGNS (sgns_loss.h), the inputs are either W_in's rows by id (hs_loss: skip-gram, which reads
// them where they lie) or dense rows h (N, C) that engine ops built from W_in (hs_rows_loss:
// CBOW's window means, or subword means).
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "autograd/var.h"
#include "word2vec/huffman_tree.h"

namespace gv {

// A minibatch of groups, reused across steps by one worker (clear() keeps capacity).
struct HsBatch {
  std::shared_ptr<const HuffmanTree> tree;
  std::vector<int64_t> words;           // (G) the word group g predicts
  std::vector<int64_t> row_offsets{0};  // group g's inputs: [offsets[g], offsets[g+1])
  std::vector<int64_t> input_ids;       // hs_loss: every group's W_in rows, in order
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
  // For hs_rows_loss: appends a group of the next `num_rows` rows of h that predict `word`.
  void add_group(int64_t word, int64_t num_rows) {
    words.push_back(word);
    row_offsets.push_back(rows() + num_rows);
  }
  // For hs_loss: appends a group whose inputs, the W_in rows `ids`, predict `word`.
  void add_table_group(int64_t word, std::span<const int64_t> ids) {
    input_ids.insert(input_ids.end(), ids.begin(), ids.end());
    add_group(word, static_cast<int64_t>(ids.size()));
  }
};

// The fused skip-gram op, on a batch of W_in ids: summed HS loss of every (input row, word)
// pair in the batch, a scalar. `nodes` (R, C) is the inner-node table, R >= V-1 (inner node n
// reads row n); both tables are leaves such as parameters or their views. Backward adds
// row-sparse gradients to both, one entry per distinct id of the batch in W_in and per distinct
// node of its paths. The op keeps the batch for backward to read: while use_count() > 1, the
// caller must not change it. Throws std::invalid_argument for mismatched shapes and
// std::out_of_range for a word outside [0, V) or an id outside W_in.
Var hs_loss(const Var& w_in, const Var& nodes, std::shared_ptr<HsBatch> batch);
// The fused op on dense inputs h (N, C), N = batch.rows(): backward writes h's dense gradient
// and the nodes' row-sparse one. The batch's input ids are not read.
Var hs_rows_loss(const Var& h, const Var& nodes, std::shared_ptr<HsBatch> batch);

// The same losses built from gather_rows, mul, sum, log_sigmoid, one path step per row: what
// hs_loss and hs_rows_loss compute, spelled out. The tests check that each pair agrees in value
// and gradient.
Var hs_loss_composed(const Var& w_in, const Var& nodes, const HsBatch& batch);
Var hs_rows_loss_composed(const Var& h, const Var& nodes, const HsBatch& batch);

}  // namespace gv
