// The fused logistic_loss (SGNS's and HS's) built again from primitive engine ops, one row per
// (input, output) pair: gather_rows, mul, sum, log_sigmoid, each with its own backward. The tests
// check the fused op against its twin here in value and gradient, and bench/sgns_bench.cpp times
// the two against each other. Inputs (TableInputs or DenseInputs) says which rows of `in` the
// groups' inputs are, as for the fused op; this twin checks nothing the fused op checks.
#pragma once

#include <cstdint>
#include <vector>

#include "autograd/ops.h"
#include "autograd/tensor.h"
#include "autograd/var.h"
#include "word2vec/losses/loss_inputs.h"
#include "word2vec/losses/logistic_loss.h"

namespace gv::testing {

// -Σ log σ(s_p u_p · v_p) over the pairs p of rows v_p = in[in_rows[p]], u_p =
// out[out_rows[p]], signed s_p: the loss the fused op computes, once its pairs are listed.
inline Var signed_pair_loss(const Var& in, const std::vector<int64_t>& in_rows, const Var& out,
                            const std::vector<int64_t>& out_rows, const std::vector<float>& signs) {
  const int64_t pairs = static_cast<int64_t>(signs.size());
  const Var v = gather_rows(in, in_rows);                                          // (P, d)
  const Var u = gather_rows(out, out_rows);                                        // (P, d)
  const Var logits = sum(v * u, -1);                                               // (P)
  return -sum(log_sigmoid(logits * Var::constant(Tensor::from({pairs}, signs))));  // scalar
}

// Each input of a group against each of the group's outputs, signed +1 for label 1 and -1 for
// label 0.
template <class Inputs>
Var logistic_loss_composed(const Var& in, const Var& out, const LogisticGroups& groups) {
  const Inputs inputs = Inputs::of(groups);
  std::vector<int64_t> pair_in, pair_out;
  std::vector<float> signs;
  for (int64_t g = 0; g < groups.groups(); ++g) {
    for (int64_t i = groups.input_offsets[g]; i < groups.input_offsets[g + 1]; ++i) {
      for (int64_t j = groups.output_offsets[g]; j < groups.output_offsets[g + 1]; ++j) {
        pair_in.push_back(inputs.index(i));
        pair_out.push_back(groups.output_ids[j]);
        signs.push_back(groups.output_labels[j] == 1.0f ? 1.0f : -1.0f);
      }
    }
  }
  return signed_pair_loss(in, pair_in, out, pair_out, signs);
}

}  // namespace gv::testing
