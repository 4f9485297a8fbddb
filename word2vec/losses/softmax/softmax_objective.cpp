#include "word2vec/losses/softmax/softmax_objective.h"

#include "autograd/ops.h"

namespace gv {

Var softmax_loss(const Var& h, const Var& w_out, std::span<const int64_t> targets) {
  const Var logits = matmul(h, transpose(w_out));  // (N, C) @ (C, V) -> (N, V)
  return cross_entropy(logits, targets);
}

void SoftmaxObjective::add(const Example& example, Rng&) {
  targets_.insert(targets_.end(), static_cast<size_t>(inputs_.add(example.contexts)),
                  example.centre);
}

Var SoftmaxObjective::loss(const Var& w_in, const Var& w_out) {
  // The lookup and cross_entropy keep their own copies of the ids: the buffers are free for
  // the next batch as soon as the graph is built.
  Var loss = softmax_loss(inputs_.rows_of(w_in), w_out, targets_) * static_cast<float>(pairs());
  inputs_.clear();
  targets_.clear();
  return loss;
}

}  // namespace gv
