#include "embeddings/input_embedding.h"

#include <stdexcept>
#include <string>

#include "autograd/ops.h"

namespace gv {

InputEmbedding::InputEmbedding(Embedding tokens, std::unique_ptr<PositionalEncoding> positions)
    : tokens_(std::move(tokens)), positions_(std::move(positions)) {
  if (positions_ && positions_->dim() != tokens_.dim()) {
    throw std::invalid_argument("InputEmbedding: token dim " + std::to_string(tokens_.dim()) +
                                " differs from positional dim " +
                                std::to_string(positions_->dim()));
  }
}

Var InputEmbedding::forward(std::span<const int64_t> ids, const Shape& ids_shape) const {
  if (ids_shape.empty() || ids_shape.size() > 2) {
    throw std::invalid_argument("InputEmbedding: ids must be (T) or (B, T), got " +
                                shape_str(ids_shape));
  }
  const Var tokens = tokens_.forward(ids, ids_shape);
  if (!positions_) return tokens;
  return tokens + positions_->forward(ids_shape.back());  // (B, T, C) + (T, C)
}

std::vector<Var> InputEmbedding::parameters() const {
  std::vector<Var> params = tokens_.parameters();
  if (positions_) {
    for (const Var& p : positions_->parameters()) params.push_back(p);
  }
  return params;
}

InputEmbedding InputEmbedding::view() const {
  return InputEmbedding(tokens_.view(), positions_ ? positions_->view() : nullptr);
}

}  // namespace gv
