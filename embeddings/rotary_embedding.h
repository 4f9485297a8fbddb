// RotaryEmbedding (RoPE, Su et al. 2021): encodes position by rotating queries and keys.
//
// Dims are taken in pairs and pair k of the vector at position m is turned by the angle
// m θ_k, θ_k = base^(-2k / C). A rotation keeps lengths, and R(m)q · R(n)k = q · R(n - m)k:
// attention scores see only the offset n - m, never the absolute positions.
//
// Which dims form a pair is a convention:
//   split halves (default; GPT-NeoX, LLaMA in Hugging Face): dim i pairs with i + C/2,
//       out = x * cos + rotate_half(x) * sin,  rotate_half([x1, x2]) = [-x2, x1];
//   interleaved (the paper, Meta's LLaMA): dims 2i and 2i + 1 pair up.
// Both give the same result up to that permutation of dims.
//
// The rotation is the engine's rotate_pairs op, whose backward (the opposite rotation) the tests
// check against the same formula composed from mul, slice, neg and concat.
//
// A Module but not a PositionalEncoding: it transforms q and k, (..., T, C) -> (..., T, C),
// where a PositionalEncoding produces a (T, C) table to add to x. It has nothing to train
// (the angles are fixed), so parameters() is Module's empty default.
#pragma once

#include <cstdint>

#include "autograd/tensor.h"
#include "autograd/var.h"
#include "embeddings/module.h"

namespace gv {

struct RotaryOptions {
  double base = 10000.0;
  // Positions are multiplied by this before turning into angles. Position interpolation
  // (Chen et al. 2023) uses trained_len / new_len < 1 to fit a longer context into the
  // angle range seen in training.
  double position_scale = 1.0;
  bool interleaved = false;
};

class RotaryEmbedding final : public Module {
 public:
  // Throws std::invalid_argument for non-positive sizes, an odd dim, or a base or
  // position_scale that is not finite and positive; std::length_error for a (max_len, dim)
  // table larger than a tensor can hold.
  RotaryEmbedding(int64_t max_len, int64_t dim, RotaryOptions options = {});

  // x (T, C) or (B, T, C) — any (..., T, C) — with row t rotated for position t. C is dim()
  // or a multiple of it: each dim()-wide group, one attention head of (B, T, H D), is rotated
  // on its own. Throws std::invalid_argument on a wrong shape, std::out_of_range naming max_len
  // if T is longer.
  Var forward(const Var& x) const;

  int64_t max_len() const { return cos_.size(0); }
  int64_t dim() const { return cos_.size(1); }
  bool interleaved() const { return interleaved_; }

 private:
  bool interleaved_;
  Tensor cos_;  // (max_len, C): cos(t θ_k) at both dims of pair k
  Tensor sin_;  // (max_len, C): sin(t θ_k), likewise
};

}  // namespace gv
