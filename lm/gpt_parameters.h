// GptParameters: every trained tensor of a GptModel, by name (llm.c's ParameterTensors).
//
//   input        InputEmbedding: the token table (V, C), and for --pos learned the position
//                table (context, C); sinusoidal positions are in it too, with nothing to train
//   blocks[l]    ln1, query, key, value, attn_proj, ln2, fc, fc_proj: see GptBlock
//   final_norm   the norm before the head
//   head         (C) -> (V) logits
//
// parameters() lists them in that order, each module's tensors in its own order: the order a
// checkpoint stores them in (lm/lm_checkpoint.h), which parameter_shapes() gives
// without allocating anything.
#pragma once

#include <cstdint>
#include <vector>

#include "autograd/rng.h"
#include "autograd/var.h"
#include "embeddings/input_embedding.h"
#include "embeddings/module.h"
#include "lm/gpt_config.h"
#include "lm/layer_norm.h"
#include "lm/linear.h"

namespace gv {

// One pre-norm transformer block's parameters; GptModel::block says what each does.
struct GptBlock final : Module {
  // attn_proj and fc_proj write back into the residual stream and start at residual_std.
  GptBlock(int64_t dim, float residual_std, Rng& rng);
  std::vector<Var> parameters() const override;
  GptBlock view() const;

  LayerNorm ln1;
  Linear query;      // C -> C, split into H heads of D = C / H
  Linear key;        // C -> C
  Linear value;      // C -> C
  Linear attn_proj;  // C -> C: the merged heads back into the residual stream
  LayerNorm ln2;
  Linear fc;       // C -> 4C
  Linear fc_proj;  // 4C -> C
};

struct GptParameters final : Module {
  // Initialises every tensor from `rng` in parameters() order, GPT-2's way: tables N(0, 1),
  // products N(0, 0.02), the two per block that add into the residual stream scaled down by
  // √(2 layers) so that its variance does not grow with depth. `config` must be checked.
  GptParameters(const GptConfig& config, Rng& rng);
  std::vector<Var> parameters() const override;
  // Everything after the input stage: the blocks, the final norm and the head.
  std::vector<Var> transformer_parameters() const;
  // Every tensor read through Var::view_of: one thread's copy, sharing the values and
  // collecting its own gradients.
  GptParameters view() const;

  InputEmbedding input;
  std::vector<GptBlock> blocks;
  LayerNorm final_norm;
  Linear head;  // C -> V

 private:
  GptParameters(InputEmbedding input, std::vector<GptBlock> blocks, LayerNorm final_norm,
                Linear head);
};

// The shape of every tensor of GptParameters(config).parameters(), in order, computed without
// allocating: what a checkpoint's sizes are checked against before the model exists.
std::vector<Shape> parameter_shapes(const GptConfig& config);

}  // namespace gv
