// The checks every fused loss's tests make: against its composed twin (composed_losses.h), on
// copies of the same two tensors, the same value and the same gradients, and the fused op's
// gradients stored as it promises; and against finite differences (gradcheck).
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>
#include <functional>
#include <vector>

#include "autograd/rng.h"
#include "autograd/tensor.h"
#include "autograd/var.h"
#include "tests/autograd/gradcheck_support.h"

namespace gv::testing {

// A loss of an input tensor (W_in or rows h) and an output table (W_out or the node table).
using TwoTensorLoss = std::function<Var(const Var& in, const Var& out)>;

// What the fused op's gradients reach, for checks of their own.
struct FusedGrads {
  Tensor in, out;
};

// Where the fused op writes `in`'s gradient: dense, or row-sparse with `in_rows` entries.
inline constexpr int64_t kDenseGrad = -1;

// fused and composed on copies of in and out: equal values and gradients; the fused op's
// gradient of `out` row-sparse with out_rows entries (one per distinct row however many pairs
// reach it), and of `in` the same with in_rows, or dense when in_rows is kDenseGrad.
inline FusedGrads check_fused_equals_composed(const Tensor& in, const Tensor& out,
                                              const TwoTensorLoss& fused,
                                              const TwoTensorLoss& composed, int64_t in_rows,
                                              int64_t out_rows) {
  Var fused_in = Var::parameter(in), fused_out = Var::parameter(out);
  Var composed_in = Var::parameter(in), composed_out = Var::parameter(out);
  Var fused_loss = fused(fused_in, fused_out);
  Var composed_loss = composed(composed_in, composed_out);
  CHECK(fused_loss.item() == Approx(composed_loss.item()).epsilon(1e-5));
  fused_loss.backward();
  composed_loss.backward();
  if (in_rows == kDenseGrad) {
    CHECK(fused_in.has_grad());
  } else {
    CHECK_FALSE(fused_in.has_grad());  // row-sparse only: no dense (V, d) buffer
    CHECK(fused_in.sparse_grad().stored_rows() == in_rows);
  }
  CHECK_FALSE(fused_out.has_grad());
  CHECK(fused_out.sparse_grad().stored_rows() == out_rows);
  FusedGrads grads{fused_in.total_grad(), fused_out.total_grad()};
  const Tensor ci = composed_in.total_grad(), co = composed_out.total_grad();
  for (int64_t k = 0; k < grads.in.numel(); ++k) CHECK(grads.in[k] == Approx(ci[k]).margin(1e-5));
  for (int64_t k = 0; k < grads.out.numel(); ++k) {
    CHECK(grads.out[k] == Approx(co[k]).margin(1e-5));
  }
  return grads;
}

// gradcheck of loss(in, out) at in (in_shape) and out (out_shape) drawn in that order from
// N(0, 0.5²) with Rng(seed).
inline void check_loss_gradients(const TwoTensorLoss& loss, const Shape& in_shape,
                                 const Shape& out_shape, uint64_t seed) {
  Rng rng(seed);
  const Var in = Var::parameter(Tensor::normal(in_shape, 0.0f, 0.5f, rng));
  const Var out = Var::parameter(Tensor::normal(out_shape, 0.0f, 0.5f, rng));
  check_gradients([&](const std::vector<Var>& t) { return loss(t[0], t[1]); }, {in, out});
}

}  // namespace gv::testing
