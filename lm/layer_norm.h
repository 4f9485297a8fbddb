// LayerNorm: layer_norm over the last dim with a trained gain and bias, (..., C) -> (..., C).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "autograd/ops.h"
#include "autograd/var.h"
#include "embeddings/module.h"

namespace gv {

struct LayerNorm final : Module {
  // The identity at the start: gain ones, bias zeros.
  explicit LayerNorm(int64_t dim)
      : LayerNorm(Var::parameter(Tensor::ones({dim})), Var::parameter(Tensor::zeros({dim}))) {}
  LayerNorm(Var gain, Var bias) : gain(std::move(gain)), bias(std::move(bias)) {}

  Var forward(const Var& x) const { return layer_norm(x, gain, bias); }
  std::vector<Var> parameters() const override { return {gain, bias}; }
  // Both tensors read through Var::view_of: a copy for one thread's graph.
  LayerNorm view() const { return {Var::view_of(gain), Var::view_of(bias)}; }

  Var gain;  // (C)
  Var bias;  // (C)
};

}  // namespace gv
