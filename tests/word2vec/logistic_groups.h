// The groups the logistic loss's tests score (logistic_loss_test.cpp,
// update_in_backward_test.cpp): SGNS groups on W_in's rows or on rows of bag means, HS groups
// down small_tree's paths, and the HS loss composed from the tree's codes.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "autograd/ops.h"
#include "autograd/var.h"
#include "tests/word2vec/composed_losses.h"
#include "word2vec/losses/hs/huffman_tree.h"
#include "word2vec/losses/logistic_loss.h"

namespace gv::testing {

// Negative sampling's labels for a group of K + 1 outputs: the positive first, then K negatives.
inline std::vector<float> sgns_labels(int64_t negatives) {
  std::vector<float> labels(static_cast<size_t>(negatives + 1), 0.0f);
  labels[0] = 1.0f;
  return labels;
}

// Appends a group with these outputs and labels: on W_in's rows `ids`, or on `rows` rows of h.
inline void add_table(LogisticGroups& groups, const std::vector<int64_t>& ids,
                      const std::vector<int64_t>& outputs, const std::vector<float>& labels) {
  const LogisticGroups::OutputSlots slots =
      groups.add_table_group(ids, static_cast<int64_t>(outputs.size()));
  std::copy(outputs.begin(), outputs.end(), slots.ids.begin());
  std::copy(labels.begin(), labels.end(), slots.labels.begin());
}
inline void add_rows(LogisticGroups& groups, int64_t rows, const std::vector<int64_t>& outputs,
                     const std::vector<float>& labels) {
  const LogisticGroups::OutputSlots slots =
      groups.add_rows_group(rows, static_cast<int64_t>(outputs.size()));
  std::copy(outputs.begin(), outputs.end(), slots.ids.begin());
  std::copy(labels.begin(), labels.end(), slots.labels.begin());
}

// Two SGNS groups over a 7-word vocabulary; word 2 is an input twice and an output twice, so
// repeated rows in both sparse gradients must add up.
inline std::shared_ptr<LogisticGroups> sgns_groups() {
  auto groups = std::make_shared<LogisticGroups>();
  const std::vector<float> labels = sgns_labels(2);
  add_table(*groups, {1, 2, 3}, {0, 2, 6}, labels);
  add_table(*groups, {2, 5}, {4, 2, 1}, labels);
  return groups;
}

// Input rows built from bags of W_in rows, as CBOW and subwords build them: three bags, word 2
// twice in the first and once in the second. Group a scores the first two rows (skip-gram with
// subwords: two contexts of one centre), group b the third (CBOW: one row per centre); word 1
// is an output of both groups.
inline const std::vector<int64_t> kBagIds = {2, 3, 2, 2, 5, 5};
inline const std::vector<int64_t> kBagOffsets = {0, 3, 5, 6};

inline std::shared_ptr<LogisticGroups> sgns_rows_groups() {
  auto groups = std::make_shared<LogisticGroups>();
  const std::vector<float> labels = sgns_labels(2);
  add_rows(*groups, 2, {0, 1, 6}, labels);
  add_rows(*groups, 1, {4, 1, 3}, labels);
  return groups;
}

inline Var bag_means(const Var& w_in) {
  return gv::embedding_bag(w_in, kBagIds, kBagOffsets);  // (3, d)
}

// The tree of huffman_tree_test's known counts: word 0 has path (3) codes (0), word 3 path
// (3 2 1 0) codes (1 1 1 1), word 4 path (3 2 1 0) codes (1 1 1 0), word 2 path (3 2 1)
// codes (1 1 0).
inline const gv::HuffmanTree& small_tree() {
  static const gv::HuffmanTree tree(std::vector<int64_t>{5, 4, 2, 2, 1});
  return tree;
}

// Hierarchical softmax's groups: each of `ids` (table inputs) or `rows` rows of h predicts `word`
// down its path.
struct HsGroups {
  std::shared_ptr<LogisticGroups> groups = std::make_shared<LogisticGroups>();
  HsGroups() { groups->outputs_distinct = true; }
  HsGroups& rows(int64_t word, int64_t rows) {
    const LogisticGroups::OutputSlots slots =
        groups->add_rows_group(rows, small_tree().depth(word));
    small_tree().path(word, slots.ids, slots.labels);
    return *this;
  }
  HsGroups& table(int64_t word, std::vector<int64_t> ids) {
    const LogisticGroups::OutputSlots slots =
        groups->add_table_group(ids, small_tree().depth(word));
    small_tree().path(word, slots.ids, slots.labels);
    return *this;
  }
};

// Four HS groups over 6 rows of h; word 3 is predicted twice and nodes 3 2 1 0 are on several
// paths, so the gradients that reach a node from several paths must add up.
inline std::shared_ptr<LogisticGroups> hs_groups() {
  return HsGroups().rows(3, 2).rows(0, 1).rows(4, 2).rows(3, 1).groups;
}

// hs_groups' groups as skip-gram makes them, on W_in's rows: 6 ids, with rows 1 and 4 each in
// two groups, so their gradients must add up in one sparse entry each.
inline std::shared_ptr<LogisticGroups> hs_table_groups() {
  return HsGroups().table(3, {1, 4}).table(0, {2}).table(4, {1, 0}).table(3, {4}).groups;
}

// The HS loss composed from the tree's codes directly (s = 1 - 2b), not from path()'s labels.
template <class Inputs>
Var hs_composed(const Var& in, const Var& nodes, const LogisticGroups& groups,
                const std::vector<int64_t>& words) {
  const Inputs inputs = Inputs::of(groups);
  std::vector<int64_t> step_rows, step_nodes;
  std::vector<float> signs;
  const gv::HuffmanTree& tree = small_tree();
  for (int64_t g = 0; g < groups.groups(); ++g) {
    for (int64_t i = groups.input_offsets[g]; i < groups.input_offsets[g + 1]; ++i) {
      for (int64_t j = 0; j < tree.depth(words[g]); ++j) {
        step_rows.push_back(inputs.index(i));
        step_nodes.push_back(tree.points(words[g])[j]);
        signs.push_back(tree.codes(words[g])[j] == 0 ? 1.0f : -1.0f);
      }
    }
  }
  return gv::testing::signed_pair_loss(in, step_rows, nodes, step_nodes, signs);
}

}  // namespace gv::testing
