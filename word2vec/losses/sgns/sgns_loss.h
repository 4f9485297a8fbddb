// The fused SGNS op: skip-gram with negative sampling's loss, forward and backward, in one
// autograd node (sgns_objective.h walks the whole way from objective to optimizer; the same loss
// composed from primitive ops, which the tests check this one against, is in
// tests/word2vec/composed_losses.h).
//
// For a word pair (input word a, output word o) with K negative words n_1..n_K:
//     loss = -log σ(u_o · v_a) - Σ_k log σ(-u_{n_k} · v_a),
// v = input rows (W_in's own, or rows h built from them), u = rows of the output table W_out.
//
// Pairs come in groups, word2vec.c's orientation: a group is one centre word; its
// inputs are the m context words around it, its outputs are the centre word (the positive)
// followed by K negatives shared by the whole group. So a group's logits are a small
// matrix product (m, d) @ (d, K+1) instead of m (K+1) separate dot products — the idea
// behind pWord2Vec's "HogBatch" (Ji et al., 2016).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "autograd/var.h"
#include "word2vec/losses/input_rows.h"

namespace gv {

// A minibatch of groups, reused across steps by one worker (clear() keeps capacity).
struct SgnsBatch {
  int64_t negatives = 5;  // K
  // Group g's inputs are [offsets[g], offsets[g+1]): positions in input_ids (TableInputs), or
  // rows of h (DenseInputs).
  std::vector<int64_t> input_offsets{0};
  std::vector<int64_t> input_ids;   // TableInputs: every group's context ids (W_in rows), in order
  std::vector<int64_t> output_ids;  // (G, K+1): positive first, then K negatives
  // Scratch written by the forward pass and read by backward: σ(x) - label per pair.
  std::vector<float> coefficients;
  std::vector<float> labels;  // forward's scratch: 1 for a positive pair, 0 for a negative

  int64_t groups() const { return static_cast<int64_t>(input_offsets.size()) - 1; }
  // Input rows, each scored against its group's K+1 outputs.
  int64_t input_rows() const { return input_offsets.back(); }
  int64_t pairs() const { return input_rows() * (negatives + 1); }
  void clear() {
    input_ids.clear();
    input_offsets.assign(1, 0);
    output_ids.clear();
  }
  // A new empty batch for K negatives; one for this batch's K.
  static std::shared_ptr<SgnsBatch> empty(int64_t negatives) {
    auto batch = std::make_shared<SgnsBatch>();
    batch->negatives = negatives;
    return batch;
  }
  std::shared_ptr<SgnsBatch> empty_like() const { return empty(negatives); }
  // Appends a group; `outputs` holds K+1 ids, positive first. For TableInputs: the group's
  // inputs are the W_in rows `inputs`.
  void add_table_group(const int64_t* inputs, int64_t num_inputs, const int64_t* outputs);
  // For DenseInputs: the group's inputs are the next `num_rows` rows of h.
  void add_rows_group(int64_t num_rows, const int64_t* outputs);
};

// The fused SGNS op: summed loss of every pair in the batch, a scalar. `in` is W_in (V, d), read
// by the batch's input_ids (TableInputs: plain skip-gram), or dense rows h (R, d) with R =
// batch.input_rows() (DenseInputs: CBOW, subwords), each group's inputs scored against the
// group's K+1 rows of W_out (V, d). Backward gives `in` its gradient (row-sparse, one entry per
// distinct id, or dense) and adds W_out's row-sparse one, an entry per distinct id. The forward
// writes the batch's coefficients (the saved activations) and the op keeps the batch until its
// graph is released, for backward to read: while use_count() > 1, the caller must not change it
// (FusedObjective reuses a batch only once it holds the sole reference). Throws
// std::invalid_argument for shapes or a batch that do not fit (a batch of the other kind of
// inputs), std::out_of_range for an id outside its table. Op names: sgns_loss, sgns_rows_loss.
template <class Inputs>
Var sgns_loss(const Var& in, const Var& w_out, std::shared_ptr<SgnsBatch> batch);
extern template Var sgns_loss<TableInputs>(const Var&, const Var&, std::shared_ptr<SgnsBatch>);
extern template Var sgns_loss<DenseInputs>(const Var&, const Var&, std::shared_ptr<SgnsBatch>);

}  // namespace gv
