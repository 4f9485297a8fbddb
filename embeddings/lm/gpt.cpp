#include "embeddings/lm/gpt.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

#include "autograd/ops.h"
#include "autograd/require.h"

namespace gv {

namespace {

// Where each of a block's parameters sits among its kBlockParams.
enum BlockParam {
  kLn1Gain,
  kLn1Bias,
  kQueryWeight,
  kQueryBias,
  kKeyWeight,
  kKeyBias,
  kValueWeight,
  kValueBias,
  kOutWeight,
  kOutBias,
  kLn2Gain,
  kLn2Bias,
  kFcWeight,
  kFcBias,
  kProjWeight,
  kProjBias,
  kBlockParams
};
// The parameters after the last block.
enum FinalParam { kFinalGain, kFinalBias, kHeadWeight, kHeadBias };

// Tables first (tokens, then learned positions), then the blocks, then the final ones.
int64_t tables(const GptConfig& config) {
  return config.positions == PositionKind::learned ? 2 : 1;
}
int64_t block_base(const GptConfig& config, int64_t layer) {
  return tables(config) + layer * kBlockParams;
}

// Bounds on the sizes of a model: generous for a CPU, and small enough that no product of them
// overflows before the memory check sees it.
constexpr int64_t kMaxVocab = 256;  // a byte's values
constexpr int64_t kMaxLayers = 256;
constexpr int64_t kMaxDim = 16384;
constexpr int64_t kMaxContext = GptConfig::kMaxContext;

// For the constructor's initialiser list: nothing is allocated before the sizes are checked.
const GptConfig& checked(const GptConfig& config) {
  config.check();
  return config;
}

}  // namespace

const char* position_name(PositionKind kind) {
  switch (kind) {
    case PositionKind::none:
      return "none";
    case PositionKind::learned:
      return "learned";
    case PositionKind::sinusoidal:
      return "sinusoidal";
    case PositionKind::rope:
      return "rope";
  }
  return "?";
}

void GptConfig::check() const {
  require(vocab >= 1 && vocab <= kMaxVocab, "vocabulary size", "in [1, 256]", vocab);
  require(layers >= 1 && layers <= kMaxLayers, "--layers", "in [1, 256]", layers);
  require(dim >= 1 && dim <= kMaxDim, "--dim", "in [1, 16384]", dim);
  require(heads >= 1 && dim % heads == 0, "--heads",
          "a positive divisor of --dim (" + std::to_string(dim) + ")", heads);
  require(context >= 1 && context <= kMaxContext, "--context", "in [1, 65536]", context);
  // sin/cos and rotations work on pairs of dims: of x for sinusoidal, of each head for RoPE.
  if (positions == PositionKind::sinusoidal) {
    require(dim % 2 == 0, "--dim", "even for --pos sinusoidal", dim);
  }
  if (positions == PositionKind::rope) {
    require(head_dim() % 2 == 0, "--dim / --heads", "even for --pos rope", head_dim());
  }
  if (interleaved && positions != PositionKind::rope) {
    throw std::invalid_argument(std::string("--interleaved applies to --pos rope only, not ") +
                                position_name(positions));
  }
}

std::vector<ParamSpec> parameter_specs(const GptConfig& config) {
  config.check();
  const int64_t c = config.dim;
  std::vector<ParamSpec> specs = {{{config.vocab, c}, ParamRole::table}};
  if (config.positions == PositionKind::learned) {
    specs.push_back({{config.context, c}, ParamRole::table});
  }
  const auto product = [&](int64_t in, int64_t out, ParamRole role) {
    specs.push_back({{in, out}, role});
    specs.push_back({{out}, ParamRole::bias});
  };
  const auto norm = [&] {
    specs.push_back({{c}, ParamRole::gain});
    specs.push_back({{c}, ParamRole::bias});
  };
  for (int64_t layer = 0; layer < config.layers; ++layer) {
    norm();
    for (int i = 0; i < 3; ++i) product(c, c, ParamRole::weight);  // query, key, value
    product(c, c, ParamRole::residual_weight);
    norm();
    product(c, 4 * c, ParamRole::weight);
    product(4 * c, c, ParamRole::residual_weight);
  }
  norm();
  product(c, config.vocab, ParamRole::weight);
  return specs;
}

GptModel::GptModel(const GptConfig& config, Rng& rng)
    : config_(checked(config)), tokens_(config.vocab, config.dim, rng) {
  const std::vector<ParamSpec> specs = parameter_specs(config);
  params_.push_back(tokens_.weight());
  switch (config.positions) {
    case PositionKind::learned:
      learned_ = std::make_unique<LearnedPositionalEmbedding>(config.context, config.dim, rng);
      params_.push_back(learned_->weight());
      position_ids_.resize(static_cast<size_t>(config.context));
      std::iota(position_ids_.begin(), position_ids_.end(), int64_t{0});
      break;
    case PositionKind::sinusoidal:
    case PositionKind::rope:
      extend_positions(config.context);
      break;
    case PositionKind::none:
      break;
  }
  // GPT-2's initialisation: products N(0, 0.02), the two per block that add into the residual
  // stream scaled down by √(2 layers) so that its variance does not grow with depth.
  const float residual_std = 0.02f / std::sqrt(2.0f * static_cast<float>(config.layers));
  for (size_t i = params_.size(); i < specs.size(); ++i) {
    const ParamSpec& spec = specs[i];
    switch (spec.role) {
      case ParamRole::gain:
        params_.push_back(Var::parameter(Tensor::ones(spec.shape)));
        break;
      case ParamRole::bias:
        params_.push_back(Var::parameter(Tensor::zeros(spec.shape)));
        break;
      case ParamRole::weight:
        params_.push_back(Var::parameter(Tensor::normal(spec.shape, 0.0f, 0.02f, rng)));
        break;
      case ParamRole::residual_weight:
        params_.push_back(Var::parameter(Tensor::normal(spec.shape, 0.0f, residual_std, rng)));
        break;
      case ParamRole::table:
        throw std::logic_error("GptModel: a table after the first parameters");
    }
  }
}

int64_t GptModel::max_length() const {
  switch (config_.positions) {
    case PositionKind::learned:
      return config_.context;
    case PositionKind::sinusoidal:
      return sinusoidal_->max_len();
    case PositionKind::rope:
      return rotary_->max_len();
    case PositionKind::none:
      break;
  }
  return kMaxContext;
}

void GptModel::extend_positions(int64_t length) {
  if (config_.positions == PositionKind::learned && length > config_.context) {
    throw std::out_of_range("--context " + std::to_string(length) +
                            ": learned positions end at the trained context " +
                            std::to_string(config_.context) + "; the model cannot read " +
                            std::to_string(length) + " characters at once");
  }
  require(length >= 1 && length <= kMaxContext, "--context", "in [1, 65536]", length);
  if (config_.positions == PositionKind::sinusoidal &&
      (!sinusoidal_ || sinusoidal_->max_len() < length)) {
    sinusoidal_ = std::make_unique<SinusoidalPositionalEmbedding>(length, config_.dim);
  }
  if (config_.positions == PositionKind::rope && (!rotary_ || rotary_->max_len() < length)) {
    RotaryOptions options;
    options.interleaved = config_.interleaved;
    rotary_ = std::make_unique<RotaryEmbedding>(length, config_.head_dim(), options);
  }
}

void GptModel::check_params(std::span<const Var> params) const {
  if (params.size() != params_.size()) {
    throw std::invalid_argument("GptModel: " + std::to_string(params.size()) +
                                " parameters given, the model has " +
                                std::to_string(params_.size()));
  }
}

void GptModel::check_length(int64_t length) const {
  if (length < 1 || length > max_length()) {
    throw std::out_of_range("GptModel: sequence length " + std::to_string(length) +
                            " is outside [1, " + std::to_string(max_length()) + "]");
  }
}

Var GptModel::embed(std::span<const Var> params, std::span<const int64_t> ids, int64_t batch,
                    int64_t length) const {
  check_params(params);
  check_length(length);
  if (batch < 1 || static_cast<int64_t>(ids.size()) != batch * length) {
    throw std::invalid_argument("GptModel: " + std::to_string(ids.size()) + " ids for a batch of " +
                                std::to_string(batch) + " x " + std::to_string(length));
  }
  const Var tokens = gather_rows(params[0], ids, {batch, length});  // (B, T, C)
  switch (config_.positions) {
    case PositionKind::learned:  // (T, C), broadcast over the batch
      return tokens + gather_rows(params[1], std::span(position_ids_).first(length));
    case PositionKind::sinusoidal:
      return tokens + sinusoidal_->forward(length);
    case PositionKind::none:
    case PositionKind::rope:
      break;
  }
  return tokens;
}

Var GptModel::split_heads(const Var& x, int64_t batch, int64_t length) const {
  return swap_dims(reshape(x, {batch, length, config_.heads, config_.head_dim()}), 1, 2);
}

std::pair<Var, Var> GptModel::queries_keys(const Var* w, const Var& h, int64_t batch,
                                           int64_t length) const {
  Var q = split_heads(linear(h, w[kQueryWeight], w[kQueryBias]), batch, length);
  Var k = split_heads(linear(h, w[kKeyWeight], w[kKeyBias]), batch, length);
  if (config_.positions == PositionKind::rope) {
    q = rotary_->forward(q);
    k = rotary_->forward(k);
  }
  return {q, k};
}

Var GptModel::block(const Var* w, const Var& x, int64_t batch, int64_t length) const {
  const Var h = layer_norm(x, w[kLn1Gain], w[kLn1Bias]);
  const auto [q, k] = queries_keys(w, h, batch, length);
  const Var v = split_heads(linear(h, w[kValueWeight], w[kValueBias]), batch, length);
  const float scale = 1.0f / std::sqrt(static_cast<float>(config_.head_dim()));
  const Var heads = causal_attention(q, k, v, scale);                                // (B, H, T, D)
  const Var merged = reshape(swap_dims(heads, 1, 2), {batch, length, config_.dim});  // (B, T, C)
  const Var attended = x + linear(merged, w[kOutWeight], w[kOutBias]);
  const Var h2 = layer_norm(attended, w[kLn2Gain], w[kLn2Bias]);
  const Var hidden = gelu(linear(h2, w[kFcWeight], w[kFcBias]));  // (B, T, 4C)
  return attended + linear(hidden, w[kProjWeight], w[kProjBias]);
}

Var GptModel::logits(std::span<const Var> params, std::span<const int64_t> ids, int64_t batch,
                     int64_t length) const {
  Var x = embed(params, ids, batch, length);
  for (int64_t layer = 0; layer < config_.layers; ++layer) {
    x = block(params.data() + block_base(config_, layer), x, batch, length);
  }
  const Var* w = params.data() + block_base(config_, config_.layers);
  const Var h = reshape(layer_norm(x, w[kFinalGain], w[kFinalBias]), {batch * length, config_.dim});
  return linear(h, w[kHeadWeight], w[kHeadBias]);
}

Var GptModel::loss(std::span<const Var> params, std::span<const int64_t> ids,
                   std::span<const int64_t> targets, int64_t batch, int64_t length) const {
  return cross_entropy(logits(params, ids, batch, length), targets);
}

Tensor GptModel::first_layer_scores(std::span<const int64_t> ids) const {
  const NoGradGuard no_grad;
  const int64_t length = static_cast<int64_t>(ids.size());
  const Var x = embed(params_, ids, 1, length);
  const Var* w = params_.data() + block_base(config_, 0);
  const auto [q, k] = queries_keys(w, layer_norm(x, w[kLn1Gain], w[kLn1Bias]), 1, length);
  const float scale = 1.0f / std::sqrt(static_cast<float>(config_.head_dim()));
  return (matmul(q, transpose(k)) * scale).value().reshaped({config_.heads, length, length});
}

int64_t GptModel::first_non_finite_parameter() const {
  for (size_t i = 0; i < params_.size(); ++i) {
    const float* values = params_[i].value().data();
    if (!std::all_of(values, values + params_[i].numel(),
                     [](float v) { return std::isfinite(v); })) {
      return static_cast<int64_t>(i);
    }
  }
  return -1;
}

}  // namespace gv
