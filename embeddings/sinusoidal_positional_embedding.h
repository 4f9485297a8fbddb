// SinusoidalPositionalEmbedding: the fixed encoding of "Attention Is All You Need" (§3.5).
//
//   PE[p, 2k] = sin(p ω_k),  PE[p, 2k + 1] = cos(p ω_k),  ω_k = 10000^(-2k / C)
//
// Each pair of dims is a clock turning at its own speed, so PE(p + s) is PE(p) rotated
// pair by pair by angles that depend on s alone: PE(p)·PE(p + s) = Σ_k cos(s ω_k) for
// every p. Nothing is trained, so the table is a constant (parameters() is empty), and
// any position can be encoded, also beyond max_len.
#pragma once

#include <cstdint>
#include <memory>

#include "autograd/tensor.h"
#include "embeddings/positional_encoding.h"

namespace gv {

class SinusoidalPositionalEmbedding final : public PositionalEncoding {
 public:
  // Throws std::invalid_argument for non-positive sizes or an odd dim, std::length_error for a
  // table larger than a tensor can hold (autograd/tensor.h, kMaxNumel).
  SinusoidalPositionalEmbedding(int64_t max_len, int64_t dim);

  // (T, C): rows 0..T-1 of the precomputed table, a constant.
  Var forward(int64_t length) const override;
  // (C): the encoding of one position, any position >= 0 (computed on the spot).
  Tensor encode(int64_t position) const;
  std::unique_ptr<PositionalEncoding> view() const override {
    return std::make_unique<SinusoidalPositionalEmbedding>(*this);
  }
  int64_t max_len() const override { return table_.size(0); }
  int64_t dim() const override { return table_.size(1); }
  const Tensor& table() const { return table_; }  // (max_len, C)

 private:
  Tensor table_;
};

}  // namespace gv
