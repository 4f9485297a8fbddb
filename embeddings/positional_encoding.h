// PositionalEncoding: what an input stage adds to token embeddings so that order matters.
//
// Self-attention is permutation-equivariant: without this term, shuffling a sentence would
// just shuffle its outputs. Learned and sinusoidal tables are the two classic choices.
//
// Only additive encodings are PositionalEncodings: forward(T) is a (T, C) table that
// InputEmbedding adds to x. RotaryEmbedding encodes position too, but by rotating queries
// and keys inside attention, so it is a Module of its own and not one of these.
#pragma once

#include <cstdint>
#include <memory>

#include "autograd/var.h"
#include "embeddings/module.h"

namespace gv {

class PositionalEncoding : public Module {
 public:
  // (T, C): one vector per position 0..T-1. Throws std::out_of_range naming max_len
  // unless 1 <= T <= max_len(). Virtual, but called once per sequence, not per row.
  virtual Var forward(int64_t length) const = 0;
  virtual int64_t max_len() const = 0;
  virtual int64_t dim() const = 0;
  // The same encoding with its parameters read through Var::view_of (see Embedding::view): a
  // copy for one thread's graph. A fixed encoding's view is a plain copy.
  virtual std::unique_ptr<PositionalEncoding> view() const = 0;
};

}  // namespace gv
