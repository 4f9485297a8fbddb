// InputEmbedding: the first stage of a transformer, x = tok_emb(ids) + pos(T); the one
// lm/gpt.h reads its input through.
//
// Token vectors say *what* each token is, the positional term *where* it is; they are
// simply added, (B, T, C) + (T, C), the positions broadcast over the batch. With no
// positional encoding x is the token rows alone: order then comes from elsewhere (rotated
// queries and keys, or the causal mask), or not at all.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "embeddings/embedding.h"
#include "embeddings/module.h"
#include "embeddings/positional_encoding.h"

namespace gv {

class InputEmbedding final : public Module {
 public:
  // `positions` may be null: no additive term. Throws std::invalid_argument unless both sides
  // have the same dim.
  InputEmbedding(Embedding tokens, std::unique_ptr<PositionalEncoding> positions);

  // ids (B, T) -> (B, T, C), or (T) -> (T, C). Throws on an unknown id (naming it) and on
  // T > max_len (naming max_len).
  Var forward(std::span<const int64_t> ids, const Shape& ids_shape) const;

  // Token table first, then any positional parameters.
  std::vector<Var> parameters() const override;
  // Both sides read through Var::view_of (Embedding::view): a copy for one thread's graph.
  InputEmbedding view() const;
  const Embedding& tokens() const { return tokens_; }
  // Null when there is no additive encoding.
  const PositionalEncoding* positions() const { return positions_.get(); }

 private:
  Embedding tokens_;
  std::unique_ptr<PositionalEncoding> positions_;
};

}  // namespace gv
