// PositionalEncoding: what an input stage adds to token embeddings so that order matters.
//
// Self-attention is permutation-equivariant: without this term, shuffling a sentence would
// just shuffle its outputs. Learned and sinusoidal tables are the two classic choices.
#pragma once

#include <cstdint>
#include <vector>

#include "autograd/var.h"

namespace gv {

class PositionalEncoding {
 public:
  virtual ~PositionalEncoding() = default;
  // (T, C): one vector per position 0..T-1. Throws std::out_of_range naming max_len
  // unless 1 <= T <= max_len().
  virtual Var forward(int64_t length) const = 0;
  // The trainable tensors (none for a fixed table).
  virtual std::vector<Var> parameters() const = 0;
  virtual int64_t max_len() const = 0;
  virtual int64_t dim() const = 0;
};

}  // namespace gv
