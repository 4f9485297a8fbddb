// InputEmbedding: the first stage of a transformer, x = tok_emb(ids) + pos(T).
//
// Token vectors say *what* each token is, the positional term *where* it is; they are
// simply added, (B, T, C) + (T, C), the positions broadcast over the batch.
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
  // Throws std::invalid_argument unless both sides have the same dim.
  InputEmbedding(Embedding tokens, std::unique_ptr<PositionalEncoding> positions);

  // ids (B, T) -> (B, T, C), or (T) -> (T, C). Throws on an unknown id (naming it) and on
  // T > max_len (naming max_len).
  Var forward(std::span<const int64_t> ids, const Shape& ids_shape) const;

  // Token table first, then any positional parameters.
  std::vector<Var> parameters() const override;
  void train(bool on) override;
  const Embedding& tokens() const { return tokens_; }
  const PositionalEncoding& positions() const { return *positions_; }

 private:
  Embedding tokens_;
  std::unique_ptr<PositionalEncoding> positions_;
};

}  // namespace gv
