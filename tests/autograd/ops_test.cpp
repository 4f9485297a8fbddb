// Op values and gradients against numbers derived by hand, including the extreme inputs the
// numerically stable formulas exist for.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <vector>

#include "autograd/ops.h"
#include "autograd/rng.h"

using gv::Tensor;
using gv::Var;

namespace {

void check_values(const Tensor& actual, const std::vector<double>& expected, double margin = 1e-6) {
  REQUIRE(actual.numel() == static_cast<int64_t>(expected.size()));
  for (int64_t i = 0; i < actual.numel(); ++i) {
    INFO("element " << i);
    CHECK(actual[i] == Approx(expected[static_cast<size_t>(i)]).margin(margin));
  }
}

}  // namespace

TEST_CASE("d/dx of x squared plus x at x = 3 is 7", "[ops][hand]") {
  const Var x = Var::parameter(Tensor::scalar(3.0f));
  const Var y = x * x + x;
  CHECK(y.item() == 12.0f);
  y.backward();
  CHECK(x.grad().item() == 7.0f);
}

TEST_CASE("Elementwise ops with broadcasting give the NumPy values", "[ops][hand]") {
  const Var column = Var::constant(Tensor::from({2, 1}, {1, 2}));
  const Var row = Var::constant(Tensor::from({1, 3}, {10, 20, 30}));
  const Var sum = column + row;  // (2, 1) + (1, 3) -> (2, 3) outer sum
  CHECK(sum.shape() == gv::Shape{2, 3});
  check_values(sum.value(), {11, 21, 31, 12, 22, 32});
  check_values((row - column).value(), {9, 19, 29, 8, 18, 28});
  const Var matrix = Var::constant(Tensor::from({2, 3}, {1, 2, 3, 4, 5, 6}));
  const Var vector = Var::constant(Tensor::from({3}, {2, 4, 8}));
  check_values((matrix * vector).value(), {2, 8, 24, 8, 20, 48});
  check_values((matrix / vector).value(), {0.5, 0.5, 0.375, 2, 1.25, 0.75});
  check_values((vector / matrix).value(), {2, 2, 8.0 / 3, 0.5, 0.8, 8.0 / 6});
  check_values((-matrix + 1.0f).value(), {0, -1, -2, -3, -4, -5});
  check_values((2.0f - matrix * 0.5f).value(), {1.5, 1, 0.5, 0, -0.5, -1});
  check_values(gv::pow_scalar(vector, 0.5f).value(), {std::sqrt(2.0), 2, std::sqrt(8.0)});
}

TEST_CASE("Broadcasting stretches size-1 dims of both operands at once", "[ops][hand]") {
  gv::Rng rng(31);
  // (2, 1, 4) * (3, 1) -> (2, 3, 4): out[i, j, k] = a[i, 0, k] * b[j, 0].
  const Var a = Var::constant(Tensor::uniform({2, 1, 4}, -1.0f, 1.0f, rng));
  const Var b = Var::constant(Tensor::uniform({3, 1}, -1.0f, 1.0f, rng));
  // (2, 3, 1) * (1, 4) -> (2, 3, 4): out[i, j, k] = c[i, j, 0] * e[0, k].
  const Var c = Var::constant(Tensor::uniform({2, 3, 1}, -1.0f, 1.0f, rng));
  const Var e = Var::constant(Tensor::uniform({1, 4}, -1.0f, 1.0f, rng));
  const Tensor ab = (a * b).value();
  const Tensor ce = (c * e).value();
  REQUIRE(ab.shape() == gv::Shape{2, 3, 4});
  REQUIRE(ce.shape() == gv::Shape{2, 3, 4});
  for (int64_t i = 0; i < 2; ++i) {
    for (int64_t j = 0; j < 3; ++j) {
      for (int64_t k = 0; k < 4; ++k) {
        CHECK(ab.at({i, j, k}) == a.value().at({i, 0, k}) * b.value().at({j, 0}));
        CHECK(ce.at({i, j, k}) == c.value().at({i, j, 0}) * e.value().at({0, k}));
      }
    }
  }
}

TEST_CASE("Unary ops match their textbook values and slopes", "[ops][hand]") {
  const Var x = Var::parameter(Tensor::from({3}, {-1.0f, 0.0f, 2.0f}));
  check_values(gv::exp(x).value(), {std::exp(-1.0), 1, std::exp(2.0)});
  check_values(gv::sigmoid(x).value(), {1 / (1 + std::exp(1.0)), 0.5, 1 / (1 + std::exp(-2.0))});
  check_values(gv::tanh(x).value(), {std::tanh(-1.0), 0, std::tanh(2.0)});
  check_values(gv::relu(x).value(), {0, 0, 2});
  check_values(gv::log(gv::exp(x)).value(), {-1, 0, 2});
  // d/dx Σ relu(x) is the step function; d/dx Σ x^3 = 3 x^2.
  gv::sum(gv::relu(x)).backward();
  check_values(x.grad(), {0, 0, 1});
  x.zero_grad();
  gv::sum(gv::pow_scalar(x, 3.0f)).backward();
  check_values(x.grad(), {3, 0, 12});
  x.zero_grad();
  // d tanh = 1 - tanh^2; d σ = σ (1 - σ), which is 1/4 at 0.
  gv::sum(gv::sigmoid(x)).backward();
  CHECK(x.grad()[1] == Approx(0.25));
}

TEST_CASE("log_sigmoid is exact and finite at +-100", "[ops][hand][stable]") {
  const Var x = Var::parameter(Tensor::from({4}, {-100.0f, 100.0f, 0.0f, 2.0f}));
  const Var y = gv::log_sigmoid(x);
  CHECK(y.value()[0] == Approx(-100.0));  // log σ(-100) = -100 - log(1 + e^-100)
  // log σ(100) = -log(1 + e^-100) ≈ -3.7e-44: rounds to (almost) zero, never -inf or nan.
  CHECK(std::isfinite(y.value()[1]));
  CHECK(y.value()[1] <= 0.0f);
  CHECK(y.value()[1] > -1e-30f);
  CHECK(y.value()[2] == Approx(-std::log(2.0)));
  CHECK(y.value()[3] == Approx(-std::log1p(std::exp(-2.0))));
  gv::sum(y).backward();
  // d/dx log σ(x) = 1 - σ(x): 1 at -100, 0 at +100, 1/2 at 0.
  check_values(x.grad(), {1.0, 0.0, 0.5, 1.0 / (1.0 + std::exp(2.0))});
}

TEST_CASE("softmax of (0, ln 2) is (1/3, 2/3), also shifted by 1000", "[ops][hand][stable]") {
  const float ln2 = static_cast<float>(std::log(2.0));
  const Var x = Var::constant(Tensor::from({1, 2}, {0.0f, ln2}));
  check_values(gv::softmax(x).value(), {1.0 / 3, 2.0 / 3});
  check_values(gv::log_softmax(x).value(), {std::log(1.0 / 3), std::log(2.0 / 3)});
  // exp(1000) overflows float; the max shift makes it exp(0). 1000 + ln 2 is stored with a
  // float spacing of 6e-5, which bounds how exact the result can be.
  const Var shifted = Var::constant(Tensor::from({1, 2}, {1000.0f, 1000.0f + ln2}));
  check_values(gv::softmax(shifted).value(), {1.0 / 3, 2.0 / 3}, 1e-4);
  check_values(gv::log_softmax(shifted).value(), {std::log(1.0 / 3), std::log(2.0 / 3)}, 1e-4);
}

TEST_CASE("cross_entropy of a known case, value and gradient", "[ops][hand][loss]") {
  // Row 0: logits (0, ln 2) -> p = (1/3, 2/3), target 1: loss ln(3/2).
  // Row 1: logits (ln 3, 0) -> p = (3/4, 1/4), target 1: loss ln 4.
  const Var logits = Var::parameter(Tensor::from(
      {2, 2}, {0.0f, static_cast<float>(std::log(2.0)), static_cast<float>(std::log(3.0)), 0.0f}));
  const std::vector<int64_t> targets = {1, 1};
  const Var loss = gv::cross_entropy(logits, targets);
  CHECK(loss.item() == Approx((std::log(1.5) + std::log(4.0)) / 2));
  loss.backward();
  // (p - onehot) / N per row.
  check_values(logits.grad(), {1.0 / 6, -1.0 / 6, 3.0 / 8, -3.0 / 8});
}

TEST_CASE("BCE with logits is exact at |x| = 100 and has gradient sigma(x) - t",
          "[ops][hand][loss][stable]") {
  const Var x = Var::parameter(Tensor::from({4}, {100.0f, -100.0f, 100.0f, -100.0f}));
  const Tensor t = Tensor::from({4}, {0.0f, 0.0f, 1.0f, 1.0f});
  // Per element: -log(1 - σ(100)) = 100, -log(1 - σ(-100)) ≈ 0, -log σ(100) ≈ 0,
  // -log σ(-100) = 100. The naive formula would take log(0) in two of them.
  const Var loss = gv::binary_cross_entropy_with_logits(x, t);
  CHECK(loss.item() == Approx(200.0 / 4));
  loss.backward();
  // (σ(x) - t) / 4.
  check_values(x.grad(), {0.25, 0.0, 0.0, -0.25});
  for (int64_t i = 0; i < 4; ++i) CHECK(std::isfinite(x.grad()[i]));
  // One element on its own, against the textbook formula in double.
  const Var single = Var::parameter(Tensor::from({1}, {100.0f}));
  CHECK(gv::binary_cross_entropy_with_logits(single, Tensor::from({1}, {0.0f})).item() ==
        Approx(100.0));
  const double xd = 0.5, td = 0.3, s = 1 / (1 + std::exp(-xd));
  const Var moderate = Var::parameter(Tensor::from({1}, {0.5f}));
  CHECK(gv::binary_cross_entropy_with_logits(moderate, Tensor::from({1}, {0.3f})).item() ==
        Approx(-(td * std::log(s) + (1 - td) * std::log(1 - s))));
}

TEST_CASE("matmul: a hand-multiplied product, and batches agree with 2-D", "[ops][hand][matmul]") {
  const Var a = Var::constant(Tensor::from({2, 2}, {1, 2, 3, 4}));
  const Var b = Var::constant(Tensor::from({2, 2}, {5, 6, 7, 8}));
  check_values(gv::matmul(a, b).value(), {19, 22, 43, 50});
  const Var c = Var::constant(Tensor::from({2, 3}, {1, 0, -1, 2, 1, 0}));
  check_values(gv::matmul(a, c).value(), {5, 2, -1, 11, 4, -3});  // (2, 2) @ (2, 3)
  // Stack [a; b] as a batch: (2, 2, 2) @ (2, 2, 3) is a @ c then b @ c.
  const Var ab = Var::constant(Tensor::from({2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8}));
  const Var cc = Var::constant(Tensor::from({2, 2, 3}, {1, 0, -1, 2, 1, 0, 1, 0, -1, 2, 1, 0}));
  const Tensor batched = gv::matmul(ab, cc).value();
  CHECK(batched.shape() == gv::Shape{2, 2, 3});
  check_values(batched, {5, 2, -1, 11, 4, -3, 17, 6, -5, 23, 8, -7});
  check_values(gv::matmul(ab, c).value(), {5, 2, -1, 11, 4, -3, 17, 6, -5, 23, 8, -7});
}

TEST_CASE("Shape ops move elements where their definitions say", "[ops][hand][shape]") {
  const Var x = Var::constant(Tensor::from({2, 3}, {1, 2, 3, 4, 5, 6}));
  const Var r = gv::reshape(x, {3, -1});
  CHECK(r.shape() == gv::Shape{3, 2});
  check_values(r.value(), {1, 2, 3, 4, 5, 6});
  const Var t = gv::transpose(x);
  CHECK(t.shape() == gv::Shape{3, 2});
  check_values(t.value(), {1, 4, 2, 5, 3, 6});
  const Var joined = gv::concat({x, gv::slice(x, 1, 3)});
  CHECK(joined.shape() == gv::Shape{2, 5});
  check_values(joined.value(), {1, 2, 3, 2, 3, 4, 5, 6, 5, 6});
  const Var batch = Var::constant(Tensor::from({2, 1, 2}, {1, 2, 3, 4}));
  check_values(gv::transpose(batch).value(), {1, 2, 3, 4});  // (2, 2, 1): same order
}

TEST_CASE("Reductions sum and average along the asked dim", "[ops][hand][reduce]") {
  const Var x = Var::parameter(Tensor::from({2, 3}, {1, 2, 3, 4, 5, 6}));
  CHECK(gv::sum(x).shape().empty());
  CHECK(gv::sum(x).item() == 21.0f);
  CHECK(gv::mean(x).item() == 3.5f);
  check_values(gv::sum(x, 0).value(), {5, 7, 9});
  check_values(gv::sum(x, -1).value(), {6, 15});
  CHECK(gv::sum(x, 1, /*keepdim=*/true).shape() == gv::Shape{2, 1});
  CHECK(gv::sum(x, 0).shape() == gv::Shape{3});
  check_values(gv::mean(x, 1).value(), {2, 5});
  check_values(gv::mean(x, 0, true).value(), {2.5, 3.5, 4.5});
  gv::sum(gv::mean(x, 0)).backward();
  check_values(x.grad(), {0.5, 0.5, 0.5, 0.5, 0.5, 0.5});
}

TEST_CASE("gather_rows copies the looked-up rows in ids order", "[ops][hand][gather]") {
  const Var table = Var::constant(Tensor::from({4, 2}, {0, 1, 10, 11, 20, 21, 30, 31}));
  const std::vector<int64_t> ids = {3, 0, 3, 2};
  const Var rows = gv::gather_rows(table, ids, {2, 2});
  CHECK(rows.shape() == gv::Shape{2, 2, 2});
  check_values(rows.value(), {30, 31, 0, 1, 30, 31, 20, 21});
  CHECK(gv::gather_rows(table, ids).shape() == gv::Shape{4, 2});
}
