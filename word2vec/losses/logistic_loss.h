// logistic_loss: the one fused op of negative sampling and hierarchical softmax, forward and
// backward in one autograd node (sgns/sgns_objective.h and hs/hs_objective.h walk the whole way
// from objective to optimizer; the same loss composed from primitive ops, which the tests check
// this one against, is in tests/word2vec/composed_losses.h).
//
// Both losses are sums of binary logistic losses over (input row v, output row u) pairs with a
// label y: with x = u · v,
//     loss = -log σ(x) if y = 1,  -log σ(-x) if y = 0;   dloss/dx = σ(x) - y.
// They differ only in which outputs and labels a pair gets:
//   SGNS: the centre word (y = 1) and K words drawn from the noise distribution (y = 0), rows of
//         W_out;
//   HS:   the inner nodes on the centre's Huffman path, y = 1 - the branch taken there, rows of
//         the node table (which W_out's storage serves).
//
// Pairs come in groups, word2vec.c's orientation: a group's inputs (a centre's m contexts, or
// CBOW's one mean) all meet the same outputs (the centre and K shared negatives, or the centre's
// path), so a group's logits are a small matrix product X = V Uᵀ (m, n) rather than m n separate
// dot products — the idea behind pWord2Vec's "HogBatch" (Ji et al., 2016) — and an output row
// gets one gradient row per group rather than one per pair.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "autograd/kernels.h"
#include "autograd/var.h"
#include "word2vec/losses/loss_inputs.h"

namespace gv {

// A minibatch of groups, reused across steps by one worker (clear() keeps capacity).
struct LogisticGroups {
  // Group g's inputs are [input_offsets[g], input_offsets[g+1]): positions in input_ids
  // (TableInputs), or rows of h (DenseInputs); its outputs are [output_offsets[g],
  // output_offsets[g+1]) of output_ids, each with its label.
  std::vector<int64_t> input_offsets{0};
  std::vector<int64_t> input_ids;  // TableInputs: every group's W_in rows, in order
  std::vector<int64_t> output_offsets{0};
  std::vector<int64_t> output_ids;   // rows of the output table
  std::vector<float> output_labels;  // y, 1 or 0, for each of output_ids
  bool outputs_distinct = false;     // no group lists an output twice (a Huffman path's nodes)
  // Scratch written by the forward pass and read by backward, group by group as (m, n): each
  // pair's coefficient σ(x) - y, and its label.
  std::vector<float> coefficients;
  std::vector<float> labels;
  // Backward's scratch: the gradient row of each input and each output (group_grads.h).
  std::vector<GradRow> input_grads, output_grads;

  int64_t groups() const { return static_cast<int64_t>(input_offsets.size()) - 1; }
  int64_t input_count() const { return input_offsets.back(); }
  int64_t inputs(int64_t g) const { return input_offsets[g + 1] - input_offsets[g]; }
  int64_t outputs(int64_t g) const { return output_offsets[g + 1] - output_offsets[g]; }
  // Σ over groups of inputs × outputs: the logistic terms the loss sums.
  int64_t pairs() const { return pairs_; }
  void clear();
  // Where a group's outputs go: its output ids and their labels, `outputs` of each, for the
  // caller to fill (valid until the next group is added).
  struct OutputSlots {
    std::span<int64_t> ids;
    std::span<float> labels;
  };
  // For TableInputs: appends a group whose inputs are the W_in rows `ids`, each scored against
  // the `outputs` outputs it returns to fill.
  OutputSlots add_table_group(std::span<const int64_t> ids, int64_t outputs);
  // For DenseInputs: appends a group of the next `rows` rows of h.
  OutputSlots add_rows_group(int64_t rows, int64_t outputs);

 private:
  int64_t pairs_ = 0;
};

// The summed loss of every pair in the groups, a scalar. `in` is W_in (V, d), read by the groups'
// input_ids (TableInputs: plain skip-gram), or dense rows h (R, d) with R = groups.input_count()
// (DenseInputs: CBOW, subwords); `out` (·, d) is the output table, a leaf (a parameter or its
// view) whose rows output_ids name. Backward gives `in` its gradient (row-sparse, one entry per
// distinct id, or dense) and adds `out`'s row-sparse one, an entry per distinct id. The forward
// writes the groups' coefficients (the saved activations) and the op keeps the groups until its
// graph is released, for backward to read: while use_count() > 1, the caller must not change
// them (LogisticObjective reuses a batch only once it holds the sole reference). Throws
// std::invalid_argument for shapes or groups that do not fit (groups of the other kind of
// inputs), std::out_of_range for an id outside its table. Op names: logistic_loss,
// logistic_rows_loss.
template <class Inputs>
Var logistic_loss(const Var& in, const Var& out, std::shared_ptr<LogisticGroups> groups);
extern template Var logistic_loss<TableInputs>(const Var&, const Var&,
                                               std::shared_ptr<LogisticGroups>);
extern template Var logistic_loss<DenseInputs>(const Var&, const Var&,
                                               std::shared_ptr<LogisticGroups>);

}  // namespace gv
