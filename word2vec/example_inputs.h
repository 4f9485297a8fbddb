// ExampleInputs: the input rows a batch of examples gives a loss, for either model.
//
// Skip-gram makes one input row of each context (its W_in row); CBOW makes one row of the whole
// example, the mean of its contexts' W_in rows. Either way every row predicts the example's
// centre, so a loss written against the rows h (N, C) serves both models (see objective.h).
// CBOW hands each context row the mean's whole gradient (BagGradient::undivided), the update
// word2vec.c, gensim and fastText make: with the exact g/m, a window's rows learn m times
// slower than skip-gram's and CBOW trails every peer.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "autograd/var.h"
#include "word2vec/train_options.h"

namespace gv {

class ExampleInputs {
 public:
  explicit ExampleInputs(ModelKind model) : bagged_(model == ModelKind::cbow) {}

  // Adds one example's contexts (at least one); returns the rows they became: skip-gram one
  // per context, CBOW one.
  int64_t add(std::span<const int64_t> contexts);
  // N: the rows added since the last clear().
  int64_t rows() const;
  // h (N, C) from W_in (V, C), built from engine ops: gather_rows(W_in, contexts) for
  // skip-gram, embedding_bag(W_in, contexts, bag offsets, undivided) for CBOW. The ops keep their
  // own copies of the ids, so the inputs may be cleared while h's graph is alive.
  Var rows_of(const Var& w_in) const;
  // Empties the batch and keeps the capacity.
  void clear();

 private:
  bool bagged_;
  std::vector<int64_t> ids_;  // every context added, in order
  // CBOW: example b's contexts are ids_[offsets_[b], offsets_[b+1]).
  std::vector<int64_t> offsets_ = {0};
};

}  // namespace gv
