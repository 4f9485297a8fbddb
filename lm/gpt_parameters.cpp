#include "lm/gpt_parameters.h"

#include <cmath>
#include <memory>

#include "embeddings/learned_positional_embedding.h"
#include "embeddings/sinusoidal_positional_embedding.h"

namespace gv {

namespace {

constexpr float kWeightStd = 0.02f;

// Tokens, then the additive positions --pos asks for: the learned table draws from `rng` after
// the token table, in that order.
InputEmbedding input_stage(const GptConfig& config, Rng& rng) {
  Embedding tokens(config.vocab, config.dim, rng);
  std::unique_ptr<PositionalEncoding> positions;
  if (config.positions == PositionKind::learned) {
    positions = std::make_unique<LearnedPositionalEmbedding>(config.context, config.dim, rng);
  } else if (config.positions == PositionKind::sinusoidal) {
    positions = std::make_unique<SinusoidalPositionalEmbedding>(config.context, config.dim);
  }
  return InputEmbedding(std::move(tokens), std::move(positions));
}

std::vector<GptBlock> initial_blocks(const GptConfig& config, Rng& rng) {
  const float residual_std = kWeightStd / std::sqrt(2.0f * static_cast<float>(config.layers));
  std::vector<GptBlock> blocks;
  blocks.reserve(static_cast<size_t>(config.layers));
  for (int64_t layer = 0; layer < config.layers; ++layer) {
    blocks.emplace_back(config.dim, residual_std, rng);
  }
  return blocks;
}

void append(std::vector<Var>& to, const Module& module) {
  for (const Var& p : module.parameters()) to.push_back(p);
}

}  // namespace

// Members are initialised in declaration order, which is parameters() order: the draws from
// `rng` follow it.
GptBlock::GptBlock(int64_t dim, float residual_std, Rng& rng)
    : ln1(dim),
      query(dim, dim, kWeightStd, rng),
      key(dim, dim, kWeightStd, rng),
      value(dim, dim, kWeightStd, rng),
      attn_proj(dim, dim, residual_std, rng),
      ln2(dim),
      fc(dim, 4 * dim, kWeightStd, rng),
      fc_proj(4 * dim, dim, residual_std, rng) {}

std::vector<Var> GptBlock::parameters() const {
  std::vector<Var> params;
  for (const Module* m : std::initializer_list<const Module*>{&ln1, &query, &key, &value,
                                                              &attn_proj, &ln2, &fc, &fc_proj}) {
    append(params, *m);
  }
  return params;
}

GptBlock GptBlock::view() const {
  GptBlock copy = *this;
  copy.ln1 = ln1.view();
  copy.query = query.view();
  copy.key = key.view();
  copy.value = value.view();
  copy.attn_proj = attn_proj.view();
  copy.ln2 = ln2.view();
  copy.fc = fc.view();
  copy.fc_proj = fc_proj.view();
  return copy;
}

GptParameters::GptParameters(const GptConfig& config, Rng& rng)
    : input(input_stage(config, rng)),
      blocks(initial_blocks(config, rng)),
      final_norm(config.dim),
      head(config.dim, config.vocab, kWeightStd, rng) {}

GptParameters::GptParameters(InputEmbedding input, std::vector<GptBlock> blocks,
                             LayerNorm final_norm, Linear head)
    : input(std::move(input)),
      blocks(std::move(blocks)),
      final_norm(std::move(final_norm)),
      head(std::move(head)) {}

std::vector<Var> GptParameters::parameters() const {
  std::vector<Var> params = input.parameters();
  for (const Var& p : transformer_parameters()) params.push_back(p);
  return params;
}

std::vector<Var> GptParameters::transformer_parameters() const {
  std::vector<Var> params;
  for (const GptBlock& block : blocks) append(params, block);
  append(params, final_norm);
  append(params, head);
  return params;
}

GptParameters GptParameters::view() const {
  std::vector<GptBlock> block_views;
  block_views.reserve(blocks.size());
  for (const GptBlock& block : blocks) block_views.push_back(block.view());
  return GptParameters(input.view(), std::move(block_views), final_norm.view(), head.view());
}

std::vector<Shape> parameter_shapes(const GptConfig& config) {
  config.check();
  const int64_t c = config.dim;
  std::vector<Shape> shapes = {{config.vocab, c}};
  if (config.positions == PositionKind::learned) shapes.push_back({config.context, c});
  const auto linear = [&](int64_t in, int64_t out) {
    shapes.push_back({in, out});
    shapes.push_back({out});
  };
  const auto norm = [&] {
    shapes.push_back({c});
    shapes.push_back({c});
  };
  for (int64_t layer = 0; layer < config.layers; ++layer) {
    norm();
    for (int i = 0; i < 4; ++i) linear(c, c);  // query, key, value, attn_proj
    norm();
    linear(c, 4 * c);
    linear(4 * c, c);
  }
  norm();
  linear(c, config.vocab);
  return shapes;
}

}  // namespace gv
