// LearnedPositionalEmbedding: a trainable (max_len, C) table, row t added at position t
// (BERT, GPT-2). It cannot say anything about positions it never saw: T <= max_len.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "embeddings/embedding.h"
#include "embeddings/positional_encoding.h"

namespace gv {

class LearnedPositionalEmbedding final : public PositionalEncoding {
 public:
  // Rows start N(0, 1), like any Embedding. Throws std::invalid_argument for non-positive sizes,
  // std::length_error for a table larger than a tensor can hold.
  LearnedPositionalEmbedding(int64_t max_len, int64_t dim, Rng& rng);

  // (T, C): rows 0..T-1, with a row-sparse gradient like a token lookup.
  Var forward(int64_t length) const override;
  std::vector<Var> parameters() const override { return table_.parameters(); }
  std::unique_ptr<PositionalEncoding> view() const override;
  int64_t max_len() const override { return table_.vocab_size(); }
  int64_t dim() const override { return table_.dim(); }
  const Var& weight() const { return table_.weight(); }  // (max_len, C)

 private:
  Embedding table_;
  std::vector<int64_t> positions_;  // 0, 1, ..., max_len - 1: the ids looked up
};

}  // namespace gv
