// How the graph records, propagates, accumulates and releases gradients.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>

#include "autograd/gradcheck.h"
#include "autograd/ops.h"
#include "autograd/rng.h"

using gv::Tensor;
using gv::Var;

TEST_CASE("A 100,000-op chain backpropagates and is destroyed without deep recursion",
          "[graph][deep]") {
  constexpr int kDepth = 100000;
  const Var x = Var::parameter(Tensor::scalar(1.0f));
  SECTION("x * 1.0001 repeated: the gradient is the product of the factors") {
    const float factor = 1.0001f;
    {
      Var y = x;
      for (int i = 0; i < kDepth; ++i) y = y * factor;
      y.backward();
    }  // the whole chain dies here, at the end of its last owner
    // d/dx x * f^n = f^n, and x = 1 makes that the forward value too. Each float product
    // rounds with relative error <= 2^-24, so 10^5 of them stay well inside 1e-3.
    const double expected = std::pow(static_cast<double>(factor), kDepth);
    CHECK(x.grad().item() == Approx(expected).epsilon(1e-3));
  }
  SECTION("x + c repeated with a shared constant: the gradient is exactly 1") {
    const Var zero = Var::constant(Tensor::scalar(0.0f));
    {
      Var y = x;
      for (int i = 0; i < kDepth; ++i) y = y + zero;
      y.backward();
    }
    CHECK(x.grad().item() == 1.0f);
  }
}

TEST_CASE("A Var used twice gets the sum of both gradients", "[graph]") {
  const Var x = Var::parameter(Tensor::from({2}, {3.0f, -0.5f}));
  gv::sum(x * x + x).backward();  // d/dx (x^2 + x) = 2x + 1
  CHECK(x.grad()[0] == 7.0f);
  CHECK(x.grad()[1] == 0.0f);
}

TEST_CASE("A node's first gradient is stored and later ones added, whichever op comes first",
          "[graph][gradcheck]") {
  // h feeds ops whose backward stores its first contribution (linear, gelu, mul, reshape,
  // swap_dims, causal_attention with q, k and v one tensor, layer_norm) and one that adds into
  // zeros (a broadcast add): finite differences check the sum of them all, and a second
  // backward over the same leaves adds to their gradients rather than storing.
  gv::Rng rng(3);
  const Var x = Var::parameter(Tensor::normal({6, 4}, 0.0f, 0.5f, rng));
  const Var w = Var::parameter(Tensor::normal({4, 4}, 0.0f, 0.5f, rng));
  const Var b = Var::parameter(Tensor::normal({4}, 0.0f, 0.5f, rng));
  const Var gamma = Var::constant(Tensor::full({4}, 1.5f));
  const Var beta = Var::constant(Tensor::full({4}, 0.1f));
  const auto loss = [&](const std::vector<Var>& in) {
    const Var h = gv::linear(in[0], in[1], in[2]);  // (6, 4)
    const Var t = gv::reshape(h, {2, 3, 4});        // (B, T, C)
    const Var attended = gv::causal_attention(t, t, t, 0.5f);
    return gv::sum(gv::gelu(h) * h) + gv::sum(gv::swap_dims(t, 1, 2) * 0.3f) +
           gv::sum(attended * attended) + gv::sum(gv::layer_norm(h, gamma, beta) * h) +
           gv::sum(h + in[2]);
  };
  const gv::GradcheckResult result = gv::gradcheck(loss, {x, w, b});
  INFO(result.worst);
  CHECK(result.ok);
  loss({x, w, b}).backward();
  const Tensor once = x.grad();
  loss({x, w, b}).backward();
  for (int64_t i = 0; i < once.numel(); ++i) CHECK(x.grad()[i] == Approx(2.0f * once[i]));
}

TEST_CASE("Leaf gradients accumulate across backward calls, interior ones do not", "[graph]") {
  const Var x = Var::parameter(Tensor::scalar(2.0f));
  const Var squared = x * x;  // interior: d loss / d squared = 3
  const Var loss = squared * 3.0f;
  loss.backward();
  CHECK(x.grad().item() == 12.0f);  // 3 * 2x
  CHECK(squared.grad().item() == 3.0f);
  loss.backward();
  CHECK(x.grad().item() == 24.0f);       // the leaf sums both passes
  CHECK(squared.grad().item() == 3.0f);  // the interior one is per-pass scratch
}

TEST_CASE("zero_grad clears a leaf's gradient", "[graph]") {
  const Var x = Var::parameter(Tensor::scalar(2.0f));
  const Var loss = x * x;
  loss.backward();
  REQUIRE(x.has_grad());
  x.zero_grad();
  CHECK_FALSE(x.has_grad());
  loss.backward();
  CHECK(x.grad().item() == 4.0f);  // one pass, not two
}

TEST_CASE("detach shares storage but cuts the graph", "[graph]") {
  const Var x = Var::parameter(Tensor::scalar(3.0f));
  const Var cut = x.detach();
  CHECK_FALSE(cut.requires_grad());
  CHECK(cut.value().data() == x.value().data());
  // d/dx (x * stop(x)) = stop(x) = 3, not 2x = 6.
  const Var loss = x * cut;
  loss.backward();
  CHECK(x.grad().item() == 3.0f);
  CHECK_FALSE((cut * 2.0f).requires_grad());
}

TEST_CASE("NoGradGuard records nothing, and recording resumes after it", "[graph]") {
  const Var x = Var::parameter(Tensor::scalar(3.0f));
  {
    gv::NoGradGuard no_grad;
    const Var y = gv::exp(x * x);
    CHECK_FALSE(y.requires_grad());
    CHECK(y.node()->inputs.empty());
    CHECK(y.item() == Approx(std::exp(9.0)));
  }
  CHECK(gv::grad_enabled());
  CHECK((x * x).requires_grad());
}

TEST_CASE("Ops on constants only are not recorded", "[graph]") {
  const Var a = Var::constant(Tensor::ones({2}));
  const Var y = gv::sum(a * a);
  CHECK_FALSE(y.requires_grad());
  CHECK(y.node()->inputs.empty());
  CHECK_THROWS_WITH(y.backward(), Catch::Contains("does not require a gradient"));
}

TEST_CASE("Var::view_of shares the value but owns its gradient", "[graph]") {
  const Var param = Var::parameter(Tensor::from({2}, {1.0f, 2.0f}));
  Var view = Var::view_of(param);
  CHECK(view.requires_grad());
  view.value()[0] = 5.0f;
  CHECK(param.value()[0] == 5.0f);  // one storage
  gv::sum(view * view).backward();
  CHECK(view.grad()[0] == 10.0f);
  CHECK(view.grad()[1] == 4.0f);
  CHECK_FALSE(param.has_grad());  // the gradient landed on the view only
}

TEST_CASE("Gradients flow only to inputs that require them", "[graph]") {
  const Var weight = Var::parameter(Tensor::from({2}, {1.0f, 2.0f}));
  const Var data = Var::constant(Tensor::from({2}, {3.0f, 4.0f}));
  gv::sum(weight * data).backward();
  CHECK(weight.grad()[0] == 3.0f);
  CHECK(weight.grad()[1] == 4.0f);
  CHECK_FALSE(data.has_grad());
}
