// GptModel: a small GPT-style, character-level transformer, where the positional modules of
// embeddings/ do the work they exist for.
//
//   x = token_table[ids] (+ positions)                        (B, T, C)
//   per layer, pre-norm:
//     h = layer_norm(x);  q, k, v = h W_q, h W_k, h W_v, split into H heads of D = C / H
//     (RoPE: q and k rotated by position)                     (B, H, T, D)
//     x = x + merge_heads(causal_attention(q, k, v, 1/√D)) W_o
//     x = x + gelu(layer_norm(x) W_fc) W_proj                 (C -> 4C -> C)
//   logits = layer_norm(x) W_head                             (B T, V)
// Every product carries a bias.
//
// Where the order of the characters comes from is --pos:
//   none        nothing: attention alone sees a bag of tokens, and only the causal mask (how
//               many keys a query sees) says where it is;
//   learned     a trainable (context, C) table added to x (GPT-2); it ends at the context;
//   sinusoidal  the fixed sin/cos table of "Attention Is All You Need", added to x; any length;
//   rope        queries and keys rotated by position in every layer (RoFormer, LLaMA): scores
//               depend on relative offsets only; any length. `interleaved` picks which dims pair.
//
// Forward passes read the parameters they are given (parameters() itself, or per-thread views of
// them, Var::view_of), so threads can build graphs over one model at once, each collecting its
// own gradients.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "autograd/rng.h"
#include "autograd/var.h"
#include "embeddings/embedding.h"
#include "embeddings/learned_positional_embedding.h"
#include "embeddings/module.h"
#include "embeddings/rotary_embedding.h"
#include "embeddings/sinusoidal_positional_embedding.h"

namespace gv {

enum class PositionKind : uint8_t { none, learned, sinusoidal, rope };
// "none", "learned", "sinusoidal", "rope"
const char* position_name(PositionKind kind);

// The model's shape: what a checkpoint must match.
struct GptConfig {
  // The longest sequence any position scheme encodes: --context's bound, in training and after.
  static constexpr int64_t kMaxContext = 65536;

  int64_t vocab = 0;  // V, characters
  int64_t layers = 4;
  int64_t heads = 4;
  int64_t dim = 64;      // C
  int64_t context = 64;  // T: the longest sequence trained on, and the learned table's length
  PositionKind positions = PositionKind::rope;
  bool interleaved = false;  // RoPE pairs dims (2i, 2i + 1), not (i, i + D/2)

  int64_t head_dim() const { return dim / heads; }
  // Throws std::invalid_argument naming the option ("--heads must divide --dim (128), got 3")
  // for sizes outside what a model may have; bounds every size before anything is allocated.
  void check() const;
};

// What a parameter is, for its initialisation and its optimizer.
enum class ParamRole {
  table,            // embedding table (tokens, learned positions): N(0, 1), row-sparse gradient
  gain,             // layer norm scale: ones
  bias,             // zeros
  weight,           // a product's weight: N(0, 0.02), decayed
  residual_weight,  // the products that write back into x: N(0, 0.02 / √(2 layers)), decayed
};
struct ParamSpec {
  Shape shape;
  ParamRole role;
};
// Every parameter of a model of `config`, in the order of GptModel::parameters(). Computed without
// allocating, so a checkpoint's sizes can be checked before the model exists.
std::vector<ParamSpec> parameter_specs(const GptConfig& config);

class GptModel final : public Module {
 public:
  // Checks `config` and initialises every parameter from `rng`.
  GptModel(const GptConfig& config, Rng& rng);

  const GptConfig& config() const { return config_; }
  std::vector<Var> parameters() const override { return params_; }
  // The index in parameters() of the first that holds a NaN or an infinity, or -1: what a
  // diverged run leaves, which can neither train on nor predict anything.
  int64_t first_non_finite_parameter() const;

  // ids (B, T), row-major -> logits (B T, V), reading `params` (parameters() or views of them,
  // in that order). Throws std::out_of_range if T > max_length().
  Var logits(std::span<const Var> params, std::span<const int64_t> ids, int64_t batch,
             int64_t length) const;
  // The mean over all B T positions of -log p(targets | the ids up to there), in nats.
  Var loss(std::span<const Var> params, std::span<const int64_t> ids,
           std::span<const int64_t> targets, int64_t batch, int64_t length) const;

  // The longest sequence the positions can encode now: the context for learned positions.
  int64_t max_length() const;
  // Makes sequences of `length` possible for the fixed schemes, whose tables are formulas
  // (sinusoidal, RoPE; none needs nothing). Throws std::out_of_range for learned positions past
  // the context, where the table has no rows, naming --context, which `length` comes from.
  void extend_positions(int64_t length);

  // Layer 1's attention scores q·k / √D before the mask and the softmax, for one sequence:
  // ids (T) -> (H, T, T). What the relative-position check reads.
  Tensor first_layer_scores(std::span<const int64_t> ids) const;

 private:
  // x (B, T, C): the token rows plus an additive encoding, if any.
  Var embed(std::span<const Var> params, std::span<const int64_t> ids, int64_t batch,
            int64_t length) const;
  // One pre-norm block: x (B, T, C) -> (B, T, C). `w` points at the block's parameters.
  Var block(const Var* w, const Var& x, int64_t batch, int64_t length) const;
  // (B, T, C) -> (B, H, T, D).
  Var split_heads(const Var& x, int64_t batch, int64_t length) const;
  // Queries and keys of h (B, T, C) as (B, H, T, D), rotated under RoPE.
  std::pair<Var, Var> queries_keys(const Var* w, const Var& h, int64_t batch, int64_t length) const;
  void check_params(std::span<const Var> params) const;
  void check_length(int64_t length) const;

  GptConfig config_;
  Embedding tokens_;
  std::unique_ptr<LearnedPositionalEmbedding> learned_;
  std::unique_ptr<SinusoidalPositionalEmbedding> sinusoidal_;
  std::unique_ptr<RotaryEmbedding> rotary_;
  std::vector<int64_t> position_ids_;  // 0, 1, ..., context - 1: the learned rows looked up
  std::vector<Var> params_;
};

}  // namespace gv
