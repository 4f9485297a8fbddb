#include "lm/gpt.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include "autograd/ops.h"
#include "autograd/require.h"
#include "embeddings/sinusoidal_positional_embedding.h"
#include "io/finite_values.h"

namespace gv {

namespace {

// For the constructor's initialiser list: nothing is allocated before the sizes are checked.
const GptConfig& checked(const GptConfig& config) {
  config.check();
  return config;
}

}  // namespace

GptModel::GptModel(const GptConfig& config, Rng& rng)
    : config_(checked(config)), weights_(config_, rng) {
  if (config_.positions == PositionKind::rope) extend_positions(config_.context);
}

int64_t GptModel::max_length() const {
  if (const PositionalEncoding* positions = weights_.input.positions()) {
    return positions->max_len();
  }
  if (rotary_) return rotary_->max_len();
  return GptConfig::kMaxContext;
}

void GptModel::extend_positions(int64_t length) {
  if (config_.positions == PositionKind::learned && length > config_.context) {
    throw std::out_of_range("--context " + std::to_string(length) +
                            ": learned positions end at the trained context " +
                            std::to_string(config_.context) + "; the model cannot read " +
                            std::to_string(length) + " characters at once");
  }
  require(length >= 1 && length <= GptConfig::kMaxContext, "--context", "in [1, 65536]", length);
  if (config_.positions == PositionKind::sinusoidal && max_length() < length) {
    // The same token table, a longer table of positions: rows 0..T-1 are what they were.
    weights_.input =
        InputEmbedding(weights_.input.tokens(),
                       std::make_unique<SinusoidalPositionalEmbedding>(length, config_.dim));
  }
  if (config_.positions == PositionKind::rope && (!rotary_ || rotary_->max_len() < length)) {
    RotaryOptions options;
    options.interleaved = config_.interleaved;
    rotary_ = std::make_unique<RotaryEmbedding>(length, config_.head_dim(), options);
  }
}

void GptModel::check_length(int64_t length) const {
  if (length < 1 || length > max_length()) {
    throw std::out_of_range("GptModel: sequence length " + std::to_string(length) +
                            " is outside [1, " + std::to_string(max_length()) + "]");
  }
}

Var GptModel::embed(const GptParameters& weights, std::span<const int64_t> ids, int64_t batch,
                    int64_t length) const {
  check_length(length);
  if (batch < 1 || static_cast<int64_t>(ids.size()) != batch * length) {
    throw std::invalid_argument("GptModel: " + std::to_string(ids.size()) + " ids for a batch of " +
                                std::to_string(batch) + " x " + std::to_string(length));
  }
  return weights.input.forward(ids, {batch, length});
}

Var GptModel::split_heads(const Var& x, int64_t length) const {
  return swap_dims(reshape(x, {length, config_.heads, config_.head_dim()}), 0, 1);
}

std::pair<Var, Var> GptModel::queries_keys(const GptBlock& w, const Var& h) const {
  Var q = w.query.forward(h);  // (B, T, C): head j in columns [j D, (j + 1) D)
  Var k = w.key.forward(h);
  if (rotary_) {
    q = rotary_->forward(q);
    k = rotary_->forward(k);
  }
  return {q, k};
}

Var GptModel::block(const GptBlock& w, const Var& x) const {
  const Var h = w.ln1.forward(x);
  const auto [q, k] = queries_keys(w, h);
  const Var v = w.value.forward(h);
  const float scale = 1.0f / std::sqrt(static_cast<float>(config_.head_dim()));
  const Var heads = causal_attention(q, k, v, scale, config_.heads);  // (B, T, C)
  const Var attended = x + w.attn_proj.forward(heads);
  const Var hidden = gelu(w.fc.forward(w.ln2.forward(attended)));  // (B, T, 4C)
  return attended + w.fc_proj.forward(hidden);
}

Var GptModel::logits(const GptParameters& weights, std::span<const int64_t> ids, int64_t batch,
                     int64_t length) const {
  Var x = embed(weights, ids, batch, length);
  for (const GptBlock& w : weights.blocks) x = block(w, x);
  const Var h = reshape(weights.final_norm.forward(x), {batch * length, config_.dim});  // (B T, C)
  return weights.head.forward(h);
}

Var GptModel::loss(const GptParameters& weights, std::span<const int64_t> ids,
                   std::span<const int64_t> targets, int64_t batch, int64_t length) const {
  return cross_entropy(logits(weights, ids, batch, length), targets);
}

Tensor GptModel::first_layer_scores(std::span<const int64_t> ids) const {
  const NoGradGuard no_grad;
  const int64_t length = static_cast<int64_t>(ids.size());
  const GptBlock& first = weights_.blocks.front();
  const Var x = embed(weights_, ids, 1, length);
  const auto [q, k] = queries_keys(first, first.ln1.forward(x));
  const float scale = 1.0f / std::sqrt(static_cast<float>(config_.head_dim()));
  const Var scores = matmul(split_heads(q, length), transpose(split_heads(k, length))) * scale;
  return scores.value().reshaped({config_.heads, length, length});
}

int64_t GptModel::first_non_finite_parameter() const {
  const std::vector<Var> params = parameters();
  for (size_t i = 0; i < params.size(); ++i) {
    if (first_non_finite(params[i].value().data(), params[i].numel()) >= 0)
      return static_cast<int64_t>(i);
  }
  return -1;
}

}  // namespace gv
