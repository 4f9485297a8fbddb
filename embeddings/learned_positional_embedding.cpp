#include "embeddings/learned_positional_embedding.h"

#include <numeric>
#include <span>

#include "autograd/require.h"
#include "embeddings/checks.h"

namespace gv {

namespace {

// Checked before the table exists, so the error speaks of max_len rather than vocab_size.
Embedding position_table(int64_t max_len, int64_t dim, Rng& rng) {
  require_positive("LearnedPositionalEmbedding: max_len", max_len);
  require_positive("LearnedPositionalEmbedding: dim", dim);
  return Embedding(max_len, dim, rng);
}

}  // namespace

LearnedPositionalEmbedding::LearnedPositionalEmbedding(int64_t max_len, int64_t dim, Rng& rng)
    : table_(position_table(max_len, dim, rng)), positions_(static_cast<size_t>(max_len)) {
  std::iota(positions_.begin(), positions_.end(), int64_t{0});
}

Var LearnedPositionalEmbedding::forward(int64_t length) const {
  require_length("LearnedPositionalEmbedding", length, max_len());
  return table_.forward(std::span(positions_).first(static_cast<size_t>(length)));
}

std::unique_ptr<PositionalEncoding> LearnedPositionalEmbedding::view() const {
  auto copy = std::make_unique<LearnedPositionalEmbedding>(*this);
  copy->table_ = table_.view();
  return copy;
}

}  // namespace gv
