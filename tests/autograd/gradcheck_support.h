// What the gradcheck tests share: random inputs, and checking an op through a random weighting
// of its output.
//
// Non-scalar results are reduced with a fixed random weighting, sum(y * w): a plain sum
// would give every output element the same weight and hide a gradient routed to the wrong
// element (a transposed or shifted index).
#pragma once

#include <catch2/catch.hpp>

#include <functional>
#include <vector>

#include "autograd/gradcheck.h"
#include "autograd/ops.h"
#include "autograd/rng.h"

namespace gv::testing {

using Inputs = std::vector<Var>;

inline Var random_parameter(const Shape& shape, Rng& rng, float low = -1.0f, float high = 1.0f) {
  return Var::parameter(Tensor::uniform(shape, low, high, rng));
}

// A scalar whose gradient with respect to y is the fixed random tensor w.
inline Var weighted_sum(const Var& y, const Tensor& w) {
  return sum(y * Var::constant(w));
}

inline void check_gradients(const std::function<Var(const Inputs&)>& f, const Inputs& inputs,
                            GradcheckOptions options = {}) {
  const GradcheckResult result = gradcheck(f, inputs, options);
  INFO("worst: " << result.worst << " (error " << result.worst_error << ")");
  CHECK(result.ok);
}

// Checks f(x) reduced by a random weighting of its output, for one input x.
inline void check_unary(const std::function<Var(const Var&)>& op, const Var& x, Rng& rng) {
  const Tensor w = Tensor::uniform(op(x).shape(), -1.0f, 1.0f, rng);
  check_gradients([&](const Inputs& in) { return weighted_sum(op(in[0]), w); }, {x});
}

// Checks f(inputs) reduced by a random weighting of its output.
inline void check_weighted(const std::function<Var(const Inputs&)>& op, const Inputs& inputs,
                           Rng& rng, GradcheckOptions options = {}) {
  const Tensor w = Tensor::uniform(op(inputs).shape(), -1.0f, 1.0f, rng);
  check_gradients([&](const Inputs& in) { return weighted_sum(op(in), w); }, inputs, options);
}

}  // namespace gv::testing
