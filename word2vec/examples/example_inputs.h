// ExampleInputs: the input rows a batch of examples gives a loss, for either model, with or
// without subwords.
//
// Skip-gram makes one input row of each context; CBOW makes one row of the whole example, the
// mean of its contexts. Either way every row predicts the example's centre, so a loss written
// against the rows h (N, C) serves both models (see objective.h).
//
// What a context contributes is its W_in row, or with subwords (fastText's model) the rows
// SubwordRows lists for it: its own and its n-grams' bucket rows. Then
//   skip-gram: a context's row of h is the mean of its subword rows. A word is the context of
//              several centres in a step, so each distinct word's mean is computed once, as one
//              bag of embedding_bag, and gather_rows hands it to every context it serves;
//   CBOW:      the example's row is the mean of all its contexts' subword rows (fastText's cbow).
// Bags hand each of their rows the mean's whole gradient (BagGradient::undivided), the update
// word2vec.c, gensim and fastText make: with the exact g/m, a window's rows (or a word's n-gram
// rows) learn m times slower than a plain skip-gram row and the model trails every peer.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "autograd/var.h"
#include "embeddings/subword_rows.h"
#include "word2vec/train_options.h"

namespace gv {

class ExampleInputs {
 public:
  // `subwords` (null: none) must cover every word id that add() will see.
  explicit ExampleInputs(ModelKind model, std::shared_ptr<const SubwordRows> subwords = nullptr);

  // Adds one example's contexts (at least one); returns the rows they became: skip-gram one
  // per context, CBOW one.
  int64_t add(std::span<const int64_t> contexts);
  // N: the rows added since the last clear().
  int64_t rows() const { return rows_; }
  // The W_in rows h is made of (a row's bag, or the rows gathered), in order, repeats kept.
  std::span<const int64_t> ids() const { return ids_; }
  // h (N, C) from W_in, built from engine ops: gather_rows(W_in, contexts) for plain skip-gram,
  // embedding_bag(W_in, ...) for the rest, gathered per context for skip-gram with subwords.
  // The ops keep their own copies of the ids, so the inputs may be cleared while h's graph is
  // alive.
  Var rows_of(const Var& w_in) const;
  // Empties the batch and keeps the capacity.
  void clear();

 private:
  // Appends the words' rows to ids_, in order: the words themselves, or each one's subword rows.
  void append_rows_of(std::span<const int64_t> words);

  bool cbow_;
  std::shared_ptr<const SubwordRows> subwords_;
  int64_t rows_ = 0;
  std::vector<int64_t> ids_;  // W_in rows, in order: plain skip-gram's h rows, or the bags
  // Bag b is ids_[offsets_[b], offsets_[b+1]): CBOW's examples, or subword skip-gram's words.
  std::vector<int64_t> offsets_ = {0};
  // Subword skip-gram: each context's bag, in order (h's rows), and each word's bag in this
  // batch (-1: none yet), reset through bag_words_.
  std::vector<int64_t> context_bags_;
  std::vector<int64_t> bag_of_word_;
  std::vector<int64_t> bag_words_;
};

}  // namespace gv
