// Embedding: a (V, C) table of trainable vectors, one row per token id.
//
// forward(ids) reads rows with gather_rows, so backward stores a row-sparse gradient holding
// only the rows that were looked up: a batch of 16k ids into a 50k-row table writes 16k
// rows, never the whole (V, C) matrix.
//
// Padding: when a padding id is set, its row starts at zero (as in PyTorch's nn.Embedding,
// so padded positions add nothing to sums and means) and never receives a gradient: lookups
// of it still return the row, but what flows back through them is dropped. The row may
// still appear in the sparse gradient, as an all-zero entry, so every optimizer leaves it as
// it is.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "autograd/rng.h"
#include "autograd/var.h"
#include "embeddings/module.h"

namespace gv {

enum class EmbeddingInit {
  normal,            // N(0, 1), as PyTorch's nn.Embedding
  word2vec_uniform,  // U(-s/C, s/C), s = EmbeddingOptions::uniform_scale: word2vec's inputs
  zeros,             // all zero, as word2vec's output vectors
};

struct EmbeddingOptions {
  EmbeddingInit init = EmbeddingInit::normal;
  std::optional<int64_t> padding_id;
  // s of word2vec_uniform: 0.5 is word2vec.c's range, 1 is gensim 4's and fastText's. A wider
  // start learns faster in few epochs (see README, "Quality"). Must be finite and > 0.
  float uniform_scale = 0.5f;
  // Threads that fill a word2vec_uniform table; the values do not depend on it. Worth it for
  // a subword table: 2M bucket rows of 100 floats are 800 MB to fill.
  int init_threads = 1;
  // Floats each row is stored in (0: dim). Wider rows end in zeros, which stay zero under every
  // optimizer here: their gradients are zero. The first dim columns hold what an unpadded table
  // would. word2vec's trainer pads rows to whole cache lines (word2vec/trainer.h).
  int64_t row_floats = 0;
};

class Embedding : public Module {
 public:
  // Throws std::invalid_argument for a non-positive size or uniform_scale, a padding id
  // outside [0, V), or row_floats in (0, dim).
  Embedding(int64_t vocab_size, int64_t dim, Rng& rng, EmbeddingOptions options = {});

  // ids of `ids_shape`, e.g. (N) or (B, T) -> ids_shape + (C): (N, C) or (B, T, C), C the
  // stored row width (row_floats()).
  // Throws std::out_of_range naming the id and the vocabulary size for an id < 0 or >= V.
  Var forward(std::span<const int64_t> ids, const Shape& ids_shape) const;
  // (N) -> (N, C)
  Var forward(std::span<const int64_t> ids) const {
    return forward(ids, Shape{static_cast<int64_t>(ids.size())});
  }

  std::vector<Var> parameters() const override { return {weight_}; }
  // The same table read through Var::view_of: it shares the values and collects its own
  // gradient, so that threads can each build a graph over one table.
  Embedding view() const;
  const Var& weight() const { return weight_; }  // (V, row_floats())
  int64_t vocab_size() const { return weight_.size(0); }
  int64_t dim() const { return dim_; }
  int64_t row_floats() const { return weight_.size(1); }
  std::optional<int64_t> padding_id() const { return padding_id_; }

 private:
  Var weight_;
  int64_t dim_ = 0;
  std::optional<int64_t> padding_id_;
};

}  // namespace gv
