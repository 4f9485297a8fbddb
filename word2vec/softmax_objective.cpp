#include "word2vec/softmax_objective.h"

#include "autograd/ops.h"

namespace gv {

Var softmax_skipgram_loss(const Var& w_in, const Var& w_out, const std::vector<int64_t>& inputs,
                          const std::vector<int64_t>& targets) {
  const Var v = gather_rows(w_in, inputs);         // (N, d)
  const Var logits = matmul(v, transpose(w_out));  // (N, d) @ (d, V) -> (N, V)
  return cross_entropy(logits, targets);
}

void SoftmaxObjective::add(const Example& example, Rng&) {
  for (const int64_t context : example.contexts) {
    inputs_.push_back(context);
    targets_.push_back(example.centre);
  }
}

Var SoftmaxObjective::loss(const Var& w_in, const Var& w_out) {
  // gather_rows and cross_entropy keep their own copies of the ids: the buffers are free
  // for the next batch as soon as the graph is built.
  Var loss = softmax_skipgram_loss(w_in, w_out, inputs_, targets_) * static_cast<float>(pairs());
  inputs_.clear();
  targets_.clear();
  return loss;
}

}  // namespace gv
