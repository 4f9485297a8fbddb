// Skip-gram with negative sampling (SGNS) as an autograd op, and the same loss composed
// from primitive ops as its reference.
//
// For a word pair (input word a, output word o) with K negative words n_1..n_K:
//     loss = -log σ(u_o · v_a) - Σ_k log σ(-u_{n_k} · v_a),
// v = rows of the input table W_in (V, d), u = rows of the output table W_out (V, d).
//
// Pairs come in groups, word2vec.c's orientation: a group is one centre word; its
// inputs are the m context words around it, its outputs are the centre word (the positive)
// followed by K negatives shared by the whole group. So a group's logits are a small
// matrix product (m, d) @ (d, K+1) instead of m (K+1) separate dot products — the idea
// behind pWord2Vec's "HogBatch" (Ji et al., 2016).
//
// The other inputs are dense rows h (R, d), which engine ops build from W_in: CBOW's one mean
// of a window's rows per group, or with subwords one mean of a word's rows per context
// (embedding_bag, see example_inputs.h). sgns_rows_loss scores each group's rows of h against
// the group's outputs.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "autograd/var.h"

namespace gv {

// A minibatch of groups, reused across steps by one worker (clear() keeps capacity).
struct SgnsBatch {
  int64_t negatives = 5;  // K
  // Group g's inputs are [offsets[g], offsets[g+1]): positions in input_ids for sgns_loss, rows
  // of h for sgns_rows_loss.
  std::vector<int64_t> input_offsets{0};
  std::vector<int64_t> input_ids;   // sgns_loss: every group's context ids (W_in rows), in order
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
  // Appends a group; `outputs` holds K+1 ids, positive first. For sgns_loss: the group's inputs
  // are the W_in rows `inputs`.
  void add_group(const int64_t* inputs, int64_t num_inputs, const int64_t* outputs);
  // For sgns_rows_loss: the group's inputs are the next `num_rows` rows of h.
  void add_rows_group(int64_t num_rows, const int64_t* outputs);
};

// The fused skip-gram op, on a batch of W_in ids: summed SGNS loss of every pair in the batch, a
// scalar. Backward adds row-sparse gradients to both tables, one entry per distinct id of the
// batch in each. The forward writes the batch's coefficients (the saved
// activations) and the op keeps the batch until its graph is released, for backward to read:
// while use_count() > 1, the caller must not change it (SgnsObjective reuses a batch only
// once it holds the sole reference). Ids are checked against V; one outside [0, V) throws.
Var sgns_loss(const Var& w_in, const Var& w_out, std::shared_ptr<SgnsBatch> batch);

// The fused op on dense inputs: h (R, d), R = batch.input_rows(), each group's rows scored
// against the group's K+1 rows of W_out. Backward gives h a dense gradient and adds W_out's
// row-sparse one, an entry per distinct id. The batch is kept and must be left alone as for
// sgns_loss; its input ids are not read.
Var sgns_rows_loss(const Var& h, const Var& w_out, std::shared_ptr<SgnsBatch> batch);

// The same losses built from gather_rows, mul, sum, log_sigmoid: what sgns_loss and
// sgns_rows_loss compute, spelled out one pair per row. The tests check that each pair of
// them agrees in value and gradient.
Var sgns_loss_composed(const Var& w_in, const Var& w_out, const SgnsBatch& batch);
Var sgns_rows_loss_composed(const Var& h, const Var& w_out, const SgnsBatch& batch);

}  // namespace gv
