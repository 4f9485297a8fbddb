// The fused losses (sgns_loss, hs_loss) built again from primitive engine ops, one row per
// (input, output) pair: gather_rows, mul, sum, log_sigmoid, each with its own backward. The tests
// check each fused op against its twin here in value and gradient, and bench/sgns_bench.cpp times
// the two against each other. Inputs (TableInputs or DenseInputs) says which rows of `in` a
// batch's inputs are, as for the fused ops; these twins check nothing the fused ops check.
#pragma once

#include <cstdint>
#include <vector>

#include "autograd/ops.h"
#include "autograd/tensor.h"
#include "autograd/var.h"
#include "word2vec/losses/hs/hs_loss.h"
#include "word2vec/losses/input_rows.h"
#include "word2vec/losses/sgns/sgns_loss.h"

namespace gv::testing {

// -Σ log σ(s_p u_p · v_p) over the pairs p of rows v_p = in[in_rows[p]], u_p =
// out[out_rows[p]], signed s_p: the loss both fused ops compute, once their pairs are listed.
inline Var signed_pair_loss(const Var& in, const std::vector<int64_t>& in_rows, const Var& out,
                            const std::vector<int64_t>& out_rows, const std::vector<float>& signs) {
  const int64_t pairs = static_cast<int64_t>(signs.size());
  const Var v = gather_rows(in, in_rows);                                          // (P, d)
  const Var u = gather_rows(out, out_rows);                                        // (P, d)
  const Var logits = sum(v * u, -1);                                               // (P)
  return -sum(log_sigmoid(logits * Var::constant(Tensor::from({pairs}, signs))));  // scalar
}

// SGNS: each input of a group against each of the group's outputs, +1 for the positive (the
// first) and -1 for a negative.
template <class Inputs>
Var sgns_loss_composed(const Var& in, const Var& w_out, const SgnsBatch& batch) {
  const Inputs inputs = Inputs::of(batch);
  std::vector<int64_t> pair_in, pair_out;
  std::vector<float> signs;
  const int64_t outputs = batch.negatives + 1;
  for (int64_t g = 0; g < batch.groups(); ++g) {
    for (int64_t i = batch.input_offsets[g]; i < batch.input_offsets[g + 1]; ++i) {
      for (int64_t j = 0; j < outputs; ++j) {
        pair_in.push_back(inputs.index(i));
        pair_out.push_back(batch.output_ids[g * outputs + j]);
        signs.push_back(j == 0 ? 1.0f : -1.0f);
      }
    }
  }
  return signed_pair_loss(in, pair_in, w_out, pair_out, signs);
}

// HS: each row of a group against each node of its word's path, signed s = 1 - 2b.
template <class Inputs>
Var hs_loss_composed(const Var& in, const Var& nodes, const HsBatch& batch) {
  const Inputs inputs = Inputs::of(batch);
  std::vector<int64_t> step_rows, step_nodes;
  std::vector<float> signs;
  for (int64_t g = 0; g < batch.groups(); ++g) {
    const int64_t word = batch.words[g];
    for (int64_t i = batch.row_offsets[g]; i < batch.row_offsets[g + 1]; ++i) {
      for (int64_t j = 0; j < batch.tree->depth(word); ++j) {
        step_rows.push_back(inputs.index(i));
        step_nodes.push_back(batch.tree->points(word)[j]);
        signs.push_back(batch.tree->codes(word)[j] == 0 ? 1.0f : -1.0f);
      }
    }
  }
  return signed_pair_loss(in, step_rows, nodes, step_nodes, signs);
}

}  // namespace gv::testing
