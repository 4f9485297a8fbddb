// Linear: x W + b, (..., in) -> (..., out), with W and b trained.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "autograd/ops.h"
#include "autograd/rng.h"
#include "autograd/var.h"
#include "embeddings/module.h"

namespace gv {

struct Linear final : Module {
  // W drawn N(0, init_std) from `rng`, b zeros.
  Linear(int64_t in, int64_t out, float init_std, Rng& rng)
      : Linear(Var::parameter(Tensor::normal({in, out}, 0.0f, init_std, rng)),
               Var::parameter(Tensor::zeros({out}))) {}
  Linear(Var weight, Var bias) : weight(std::move(weight)), bias(std::move(bias)) {}

  Var forward(const Var& x) const { return linear(x, weight, bias); }
  std::vector<Var> parameters() const override { return {weight, bias}; }
  // Both tensors read through Var::view_of: a copy for one thread's graph.
  Linear view() const { return {Var::view_of(weight), Var::view_of(bias)}; }

  Var weight;  // (in, out)
  Var bias;    // (out)
};

}  // namespace gv
