#include "word2vec/losses/hs/huffman_tree.h"

#include <limits>
#include <stdexcept>
#include <string>

namespace gv {

HuffmanTree::HuffmanTree(std::span<const int64_t> counts) {
  const int64_t v = static_cast<int64_t>(counts.size());
  if (v < 2) {
    throw std::invalid_argument("huffman_tree: needs at least 2 words, got " + std::to_string(v));
  }
  if (v > std::numeric_limits<int32_t>::max()) {
    throw std::invalid_argument("huffman_tree: " + std::to_string(v) + " words is too many");
  }
  for (int64_t w = 0; w < v; ++w) {
    if (counts[w] < 0 || (w > 0 && counts[w] > counts[w - 1])) {
      throw std::invalid_argument(
          "huffman_tree: counts must be non-negative and non-increasing; "
          "word " +
          std::to_string(w) + " has " + std::to_string(counts[w]));
    }
  }

  // Nodes 0..V-1 are the leaves (word ids), V..2V-2 the inner nodes in the order they are made.
  // Both kinds wait in a queue sorted by weight: the leaves read from id V-1 down (the counts
  // are non-increasing), and the inner nodes in creation order, since each merge weighs at
  // least as much as the one before. So the lightest node left is at the head of one of the
  // two queues, and building takes O(V).
  const int64_t nodes = 2 * v - 1, root = nodes - 1;
  std::vector<int64_t> weight(static_cast<size_t>(nodes));
  std::vector<int64_t> parent(static_cast<size_t>(nodes), -1);
  std::vector<uint8_t> branch(static_cast<size_t>(nodes), 0);  // 1: the heavier child
  for (int64_t w = 0; w < v; ++w) weight[w] = counts[w];
  int64_t next_leaf = v - 1, next_inner = v, made = v;
  // A leaf is taken only when strictly lighter than the inner node waiting: word2vec.c's
  // tie rule, which decides the codes whenever weights tie.
  auto take_lightest = [&] {
    const bool inner_waiting = next_inner < made;
    if (next_leaf >= 0 && (!inner_waiting || weight[next_leaf] < weight[next_inner])) {
      return next_leaf--;
    }
    return next_inner++;
  };
  for (; made < nodes; ++made) {
    const int64_t lighter = take_lightest();
    const int64_t heavier = take_lightest();
    weight[made] = weight[lighter] + weight[heavier];
    parent[lighter] = parent[heavier] = made;
    branch[heavier] = 1;
  }

  // Depths top-down: every node is made before its parent, so walking down from the root
  // meets each parent first.
  std::vector<int64_t> depth(static_cast<size_t>(nodes), 0);
  for (int64_t n = root - 1; n >= 0; --n) depth[n] = depth[parent[n]] + 1;
  offsets_.resize(static_cast<size_t>(v + 1));
  offsets_[0] = 0;
  for (int64_t w = 0; w < v; ++w) offsets_[w + 1] = offsets_[w] + depth[w];
  points_.resize(static_cast<size_t>(offsets_[v]));
  codes_.resize(static_cast<size_t>(offsets_[v]));
  // Each path is walked up from its leaf, so it is written from its last step backwards.
  for (int64_t w = 0; w < v; ++w) {
    int64_t step = offsets_[w + 1];
    for (int64_t n = w; n != root; n = parent[n]) {
      --step;
      points_[step] = static_cast<int32_t>(parent[n] - v);
      codes_[step] = branch[n];
    }
  }
}

void HuffmanTree::throw_outside(int64_t word) const {
  throw std::out_of_range("hierarchical softmax: word " + std::to_string(word) +
                          " out of range for a tree of " + std::to_string(words()) + " words");
}

void HuffmanTree::path(int64_t word, std::span<int64_t> nodes, std::span<float> labels) const {
  const size_t n = static_cast<size_t>(depth(word));  // checks word
  if (nodes.size() != n || labels.size() != n) {
    throw std::out_of_range("hierarchical softmax: word " + std::to_string(word) + "'s path has " +
                            std::to_string(n) + " steps, not " + std::to_string(nodes.size()));
  }
  const int32_t* point = points(word);
  const uint8_t* code = codes(word);
  // Arithmetic, not a conditional: a path's codes are coin flips, which a branch would
  // mispredict about half the time.
  for (size_t j = 0; j < n; ++j) {
    nodes[j] = point[j];
    labels[j] = static_cast<float>(1 - code[j]);
  }
}

}  // namespace gv
