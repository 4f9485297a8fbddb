// HuffmanTree: the binary tree over the vocabulary that hierarchical softmax walks, built as
// word2vec.c builds it, so a word gets the same code and path as there.
//
// The V words are the leaves. V-1 merges, each joining the two lightest nodes left (counts as
// weights), make the inner nodes, numbered 0..V-2 in the order they are made; the root is made
// last, so it is V-2. Frequent words end up near the root: short codes, few steps per example.
//
// A word's path runs from the root down to its leaf: at the j-th inner node `points[j]` it
// takes the branch `codes[j]` (0 or 1; of the two nodes a merge joins, the lighter is branch
// 0). Hierarchical softmax gives inner node n the output row n, so a (V, C) output table
// serves, with its last row unused.
//
// All paths sit end to end in two flat arrays, word w's at [offsets[w], offsets[w+1]): one
// allocation each however large V is, and a word's steps are adjacent in memory.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace gv {

class HuffmanTree {
 public:
  // `counts` are the words' counts indexed by id, non-increasing (Vocabulary's order), with
  // V >= 2. Throws std::invalid_argument otherwise, or for a negative count.
  explicit HuffmanTree(std::span<const int64_t> counts);

  int64_t words() const { return static_cast<int64_t>(offsets_.size()) - 1; }  // V
  int64_t inner_nodes() const { return words() - 1; }
  // Length of word's path, which is also its code length. Throws std::out_of_range for a word
  // outside [0, V).
  int64_t depth(int64_t word) const {
    if (word < 0 || word >= words()) throw_outside(word);
    return offsets_[word + 1] - offsets_[word];
  }
  // Inner nodes on word's path, root first: depth(word) of them.
  const int32_t* points(int64_t word) const { return points_.data() + offsets_[word]; }
  // The branch taken at each of those nodes, 0 or 1.
  const uint8_t* codes(int64_t word) const { return codes_.data() + offsets_[word]; }
  // Word's path as logistic_loss (logistic_loss.h) scores it: into `nodes` the inner nodes, and
  // into `labels` 1 - code at each, the label of the branch σ(u_n · h) chooses (word2vec.c's);
  // both spans hold depth(word). Throws std::out_of_range for a word outside [0, V) or spans of
  // another length.
  void path(int64_t word, std::span<int64_t> nodes, std::span<float> labels) const;

 private:
  [[noreturn]] void throw_outside(int64_t word) const;

  std::vector<int64_t> offsets_;  // (V+1)
  std::vector<int32_t> points_;   // (sum of depths)
  std::vector<uint8_t> codes_;    // (sum of depths)
};

}  // namespace gv
