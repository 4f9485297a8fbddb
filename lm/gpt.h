// GptModel: a small GPT-style transformer over tokens (a corpus's characters, or a BPE file's
// pieces), where the modules of embeddings/ do the work they exist for.
//
//   x = input(ids): token rows (+ additive positions)         (B, T, C)
//   per block, pre-norm (GptBlock's names):
//     h = ln1(x);  q, k, v = query(h), key(h), value(h): H heads of D = C / H columns each
//     (RoPE: q and k rotated by position, head by head)       (B, T, C)
//     x = x + attn_proj(causal_attention(q, k, v, 1/√D, H))   each head attends on its own
//     x = x + fc_proj(gelu(fc(ln2(x))))                       (C -> 4C -> C)
//   logits = head(final_norm(x))                              (B T, V)
// Every product carries a bias.
//
// Where the order of the tokens comes from is --pos:
//   none        nothing: attention alone sees a bag of tokens, and only the causal mask (how
//               many keys a query sees) says where it is;
//   learned     a trainable (context, C) table added to x (GPT-2); it ends at the context;
//   sinusoidal  the fixed sin/cos table of "Attention Is All You Need", added to x; any length;
//   rope        queries and keys rotated by position in every layer (RoFormer, LLaMA): scores
//               depend on relative offsets only; any length. `interleaved` picks which dims pair.
// The first two are the input stage's PositionalEncoding (embeddings/input_embedding.h), rope a
// RotaryEmbedding the model holds: it has nothing to train.
//
// Forward passes read the parameters they are given (weights() itself, or a thread's view of
// them, GptParameters::view), so threads can build graphs over one model at once, each
// collecting its own gradients.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "autograd/rng.h"
#include "autograd/var.h"
#include "embeddings/module.h"
#include "embeddings/rotary_embedding.h"
#include "lm/gpt_config.h"
#include "lm/gpt_parameters.h"

namespace gv {

class GptModel final : public Module {
 public:
  // Checks `config` and initialises every parameter from `rng`.
  GptModel(const GptConfig& config, Rng& rng);

  const GptConfig& config() const { return config_; }
  const GptParameters& weights() const { return weights_; }
  std::vector<Var> parameters() const override { return weights_.parameters(); }
  // The index in parameters() of the first that holds a NaN or an infinity, or -1: what a
  // diverged run leaves, which can neither train on nor predict anything.
  int64_t first_non_finite_parameter() const;

  // ids (B, T), row-major -> logits (B T, V), reading `weights` (weights() or a view of them).
  // Throws std::out_of_range if T > max_length().
  Var logits(const GptParameters& weights, std::span<const int64_t> ids, int64_t batch,
             int64_t length) const;
  // The mean over all B T positions of -log p(targets | the ids up to there), in nats.
  Var loss(const GptParameters& weights, std::span<const int64_t> ids,
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
  // x (B, T, C): the input stage's output, after the sizes are checked.
  Var embed(const GptParameters& weights, std::span<const int64_t> ids, int64_t batch,
            int64_t length) const;
  // One pre-norm block: x (B, T, C) -> (B, T, C).
  Var block(const GptBlock& w, const Var& x) const;
  // One sequence's (T, C) -> (H, T, D), for the scores of each head.
  Var split_heads(const Var& x, int64_t length) const;
  // Queries and keys of h (B, T, C), rotated under RoPE, each head in its D columns.
  std::pair<Var, Var> queries_keys(const GptBlock& w, const Var& h) const;
  void check_length(int64_t length) const;

  GptConfig config_;
  GptParameters weights_;
  std::unique_ptr<RotaryEmbedding> rotary_;  // --pos rope only
};

}  // namespace gv
