// Every op's backward against central finite differences (gradcheck), on random inputs,
// through a random weighting of the output (gradcheck_support.h). Inputs are drawn away from kinks
// and poles (relu at 0, log and division near 0) where a finite difference is not a derivative.
#include <catch2/catch.hpp>

#include <cstdint>
#include <functional>
#include <vector>

#include "autograd/gradcheck.h"
#include "autograd/ops.h"
#include "autograd/rng.h"
#include "tests/autograd/gradcheck_support.h"

using gv::Shape;
using gv::Tensor;
using gv::Var;

namespace {

using gv::testing::check_gradients;
using gv::testing::check_unary;
using gv::testing::Inputs;
using gv::testing::random_parameter;
using gv::testing::weighted_sum;

// Magnitudes in [0.2, 1] with random signs: at least 0.2 away from 0, so relu's kink at 0
// lies outside x +- eps.
Var parameter_away_from_zero(const Shape& shape, gv::Rng& rng) {
  Tensor t = Tensor::uniform(shape, 0.2f, 1.0f, rng);
  for (int64_t i = 0; i < t.numel(); ++i) {
    if (rng.uniform() < 0.5f) t[i] = -t[i];
  }
  return Var::parameter(std::move(t));
}

// Checks a binary op on the given operands, reduced by a random weighting of its output.
void check_binary(Var (*op)(const Var&, const Var&), const Var& a, const Var& b, gv::Rng& rng) {
  const Tensor w = Tensor::uniform(op(a, b).shape(), -1.0f, 1.0f, rng);
  check_gradients([&](const Inputs& in) { return weighted_sum(op(in[0], in[1]), w); }, {a, b});
}

}  // namespace

TEST_CASE("gradcheck: add, sub, mul, div on equal shapes", "[gradcheck][elementwise]") {
  gv::Rng rng(1);
  const Var a = random_parameter({3, 4}, rng);
  const Var b = random_parameter({3, 4}, rng);
  check_binary(gv::add, a, b, rng);
  check_binary(gv::sub, a, b, rng);
  check_binary(gv::mul, a, b, rng);
  check_binary(gv::div, a, random_parameter({3, 4}, rng, 0.5f, 2.0f), rng);
}

TEST_CASE("gradcheck: (B, T, C) with (T, C) broadcasting, both operand orders",
          "[gradcheck][broadcast]") {
  gv::Rng rng(2);
  const Var big = random_parameter({2, 3, 4}, rng);
  const Var small = random_parameter({3, 4}, rng);
  const Var positive_big = random_parameter({2, 3, 4}, rng, 0.5f, 2.0f);
  const Var positive_small = random_parameter({3, 4}, rng, 0.5f, 2.0f);
  for (auto op : {gv::add, gv::sub, gv::mul}) {
    check_binary(op, big, small, rng);
    check_binary(op, small, big, rng);
  }
  check_binary(gv::div, big, positive_small, rng);
  check_binary(gv::div, small, positive_big, rng);
}

TEST_CASE("The (T, C) side of a broadcast add gets the sum over B of the output gradient",
          "[gradcheck][broadcast]") {
  gv::Rng rng(3);
  const Var x = random_parameter({5, 3, 4}, rng);
  const Var bias = random_parameter({3, 4}, rng);
  const Tensor w = Tensor::uniform({5, 3, 4}, -1.0f, 1.0f, rng);
  weighted_sum(x + bias, w).backward();
  // d/d bias[t, c] of Σ_b w[b, t, c] (x + bias)[b, t, c] is Σ_b w[b, t, c].
  for (int64_t t = 0; t < 3; ++t) {
    for (int64_t c = 0; c < 4; ++c) {
      double expected = 0.0;
      for (int64_t b = 0; b < 5; ++b) expected += w.at({b, t, c});
      CHECK(bias.grad().at({t, c}) == Approx(expected).margin(1e-5));
    }
  }
  for (int64_t i = 0; i < x.numel(); ++i) CHECK(x.grad()[i] == w[i]);
}

TEST_CASE("gradcheck: size-1 and scalar broadcasting", "[gradcheck][broadcast]") {
  gv::Rng rng(4);
  // (N, 1) * (N, C): a per-row scale, stretched along C.
  check_binary(gv::mul, random_parameter({4, 1}, rng), random_parameter({4, 3}, rng), rng);
  // (2, 1, 4) + (3, 1): both operands stretch, to (2, 3, 4).
  check_binary(gv::add, random_parameter({2, 1, 4}, rng), random_parameter({3, 1}, rng), rng);
  // (1, 3) - (2, 1): an outer difference.
  check_binary(gv::sub, random_parameter({1, 3}, rng), random_parameter({2, 1}, rng), rng);
  check_binary(gv::div, random_parameter({2, 3}, rng), random_parameter({2, 1}, rng, 0.5f, 2.0f),
               rng);
  // A 0-d scalar times a matrix.
  check_binary(gv::mul, random_parameter({}, rng), random_parameter({2, 3}, rng), rng);
}

TEST_CASE("gradcheck: scalar-constant ops and pow_scalar", "[gradcheck][elementwise]") {
  gv::Rng rng(5);
  const Var x = random_parameter({3, 4}, rng);
  check_unary(gv::neg, x, rng);
  check_unary([](const Var& a) { return gv::add_scalar(a, 2.5f); }, x, rng);
  check_unary([](const Var& a) { return gv::mul_scalar(a, -1.5f); }, x, rng);
  check_unary([](const Var& a) { return gv::pow_scalar(a, 3.0f); }, x, rng);
  check_unary([](const Var& a) { return gv::pow_scalar(a, 2.0f); }, x, rng);
  const Var positive = random_parameter({3, 4}, rng, 0.5f, 2.0f);
  check_unary([](const Var& a) { return gv::pow_scalar(a, 0.5f); }, positive, rng);
  check_unary([](const Var& a) { return gv::pow_scalar(a, -1.5f); }, positive, rng);
}

TEST_CASE("gradcheck: exp, log, sigmoid, tanh, relu, log_sigmoid", "[gradcheck][unary]") {
  gv::Rng rng(6);
  const Var x = random_parameter({3, 5}, rng, -2.0f, 2.0f);
  check_unary(gv::exp, x, rng);
  check_unary(gv::log, random_parameter({3, 5}, rng, 0.5f, 3.0f), rng);
  check_unary(gv::sigmoid, x, rng);
  check_unary(gv::tanh, x, rng);
  check_unary(gv::relu, parameter_away_from_zero({3, 5}, rng), rng);
  check_unary(gv::log_sigmoid, random_parameter({3, 5}, rng, -6.0f, 6.0f), rng);
}

TEST_CASE("gradcheck: reshape, transpose, concat, slice", "[gradcheck][shape]") {
  gv::Rng rng(7);
  check_unary(
      [](const Var& a) {
        return gv::reshape(a, {4, -1});
      },
      random_parameter({2, 3, 2}, rng), rng);
  check_unary(gv::transpose, random_parameter({3, 5}, rng), rng);
  check_unary(gv::transpose, random_parameter({2, 3, 4}, rng), rng);
  check_unary([](const Var& a) { return gv::slice(a, 1, 4); }, random_parameter({2, 3, 5}, rng),
              rng);
  const Inputs parts = {random_parameter({2, 3, 1}, rng), random_parameter({2, 3, 4}, rng),
                        random_parameter({2, 3, 2}, rng)};
  const Tensor w = Tensor::uniform({2, 3, 7}, -1.0f, 1.0f, rng);
  check_gradients([&](const Inputs& in) { return weighted_sum(gv::concat(in), w); }, parts);
}

TEST_CASE("gradcheck: sum and mean, over everything and along each dim", "[gradcheck][reduce]") {
  gv::Rng rng(8);
  const Var x = random_parameter({2, 3, 4}, rng);
  check_gradients([](const Inputs& in) { return gv::sum(in[0]) * gv::sum(in[0]); }, {x});
  check_gradients([](const Inputs& in) { return gv::mean(in[0]) * gv::mean(in[0]); }, {x});
  for (int64_t dim : {0, 1, 2, -1}) {
    for (bool keepdim : {false, true}) {
      DYNAMIC_SECTION("dim " << dim << " keepdim " << keepdim) {
        check_unary([&](const Var& a) { return gv::sum(a, dim, keepdim); }, x, rng);
        check_unary([&](const Var& a) { return gv::mean(a, dim, keepdim); }, x, rng);
      }
    }
  }
}

TEST_CASE("gradcheck: matmul 2-D, batched and with a shared right side", "[gradcheck][matmul]") {
  gv::Rng rng(9);
  check_binary(gv::matmul, random_parameter({4, 5}, rng), random_parameter({5, 3}, rng), rng);
  check_binary(gv::matmul, random_parameter({2, 4, 5}, rng), random_parameter({2, 5, 3}, rng), rng);
  check_binary(gv::matmul, random_parameter({2, 4, 5}, rng), random_parameter({5, 3}, rng), rng);
  // The same matrix on both sides: both gradient contributions reach one buffer.
  const Var square = random_parameter({3, 3}, rng);
  const Tensor w = Tensor::uniform({3, 3}, -1.0f, 1.0f, rng);
  check_gradients([&](const Inputs& in) { return weighted_sum(gv::matmul(in[0], in[0]), w); },
                  {square});
}

TEST_CASE("gradcheck: softmax and log_softmax along the last dim", "[gradcheck][softmax]") {
  gv::Rng rng(10);
  const Var x = random_parameter({2, 3, 5}, rng, -2.0f, 2.0f);
  check_unary(gv::softmax, x, rng);
  check_unary(gv::log_softmax, x, rng);
}

TEST_CASE("gradcheck: cross_entropy and BCE with logits", "[gradcheck][loss]") {
  gv::Rng rng(11);
  const Var logits = random_parameter({4, 5}, rng, -2.0f, 2.0f);
  const std::vector<int64_t> targets = {0, 4, 2, 2};
  check_gradients([&](const Inputs& in) { return gv::cross_entropy(in[0], targets); }, {logits});
  const Tensor soft_targets = Tensor::uniform({3, 4}, 0.0f, 1.0f, rng);
  const Var bce_logits = random_parameter({3, 4}, rng, -3.0f, 3.0f);
  check_gradients(
      [&](const Inputs& in) { return gv::binary_cross_entropy_with_logits(in[0], soft_targets); },
      {bce_logits});
}

TEST_CASE("gradcheck: gather_rows with repeated ids, times a constant table",
          "[gradcheck][gather]") {
  gv::Rng rng(12);
  const Var table = random_parameter({5, 3}, rng);
  const std::vector<int64_t> ids = {1, 3, 1, 1};
  // (2, 2) ids -> (2, 2, 3) rows, scaled elementwise by a constant of the same shape.
  const Tensor scale = Tensor::uniform({2, 2, 3}, -1.0f, 1.0f, rng);
  check_gradients(
      [&](const Inputs& in) {
        return gv::sum(gv::gather_rows(in[0], ids, {2, 2}) * Var::constant(scale));
      },
      {table});
}

TEST_CASE("gradcheck: a two-layer classifier built from several ops", "[gradcheck][composite]") {
  gv::Rng rng(13);
  const Var x = random_parameter({4, 3}, rng);
  const Var w1 = random_parameter({3, 5}, rng);
  const Var b1 = random_parameter({5}, rng);
  const Var w2 = random_parameter({5, 2}, rng);
  const std::vector<int64_t> labels = {0, 1, 1, 0};
  check_gradients(
      [&](const Inputs& in) {
        const Var hidden = gv::tanh(gv::matmul(in[0], in[1]) + in[2]);
        return gv::cross_entropy(gv::matmul(hidden, in[3]), labels);
      },
      {x, w1, b1, w2});
}

TEST_CASE("gradcheck catches a wrong backward and says where", "[gradcheck][self]") {
  // y = 3 x, but the recorded backward claims dy/dx = 2 for every element.
  const auto wrong_triple = [](const Var& x) {
    Tensor out = x.value();
    for (int64_t i = 0; i < out.numel(); ++i) out[i] *= 3.0f;
    return gv::make_result(
        std::move(out), {x},
        [](gv::Node& self) {
          float* gx = self.inputs[0]->grad_data();
          for (int64_t i = 0; i < self.grad.numel(); ++i) gx[i] += 2.0f * self.grad[i];
        },
        "wrong_triple");
  };
  const Var x = Var::parameter(Tensor::from({3}, {0.5f, -1.0f, 2.0f}));
  const gv::GradcheckResult result =
      gv::gradcheck([&](const Inputs& in) { return gv::sum(wrong_triple(in[0])); }, {x});
  CHECK_FALSE(result.ok);
  CHECK(result.worst_error == Approx(1.0 - 0.02 * 3.0).margin(1e-3));  // |2 - 3| - rtol * 3
  CHECK_THAT(result.worst, Catch::Contains("input 0") && Catch::Contains("analytic 2"));
}

TEST_CASE("gradcheck restores the inputs and leaves no gradient behind", "[gradcheck][self]") {
  gv::Rng rng(14);
  const Var x = random_parameter({2, 3}, rng);
  const Var frozen = Var::constant(Tensor::uniform({2, 3}, -1.0f, 1.0f, rng));
  const Tensor before = x.value();
  const gv::GradcheckResult result =
      gv::gradcheck([](const Inputs& in) { return gv::sum(in[0] * in[1] * in[0]); }, {x, frozen});
  CHECK(result.ok);
  CHECK(result.worst.rfind("input 0", 0) == 0);  // the constant input is not perturbed
  for (int64_t i = 0; i < x.numel(); ++i) CHECK(x.value()[i] == before[i]);
  CHECK_FALSE(x.has_grad());
}

TEST_CASE("gradcheck rejects a non-scalar function", "[gradcheck][self][errors]") {
  const Var x = Var::parameter(Tensor::ones({2, 3}));
  CHECK_THROWS_WITH(gv::gradcheck([](const Inputs& in) { return in[0] * 2.0f; }, {x}),
                    Catch::Contains("(2, 3)"));
}
