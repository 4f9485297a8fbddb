// The ops a transformer needs (linear, layer_norm, gelu, swap_dims of any two dims, batched
// matmul over leading dims, causal_softmax, causal_attention over heads, rotate_pairs): values
// against their definitions computed directly or composed from primitive ops, gradients against
// finite differences and the composed ops', and the causal mask against a changed future.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <vector>

#include "autograd/ops.h"
#include "autograd/rng.h"
#include "tests/autograd/gradcheck_support.h"

namespace gv::testing {

namespace {

// softmax(q k^T * scale, causal) @ v from the primitive ops: what the fused op must equal.
Var composed_attention(const Var& q, const Var& k, const Var& v, float scale) {
  return gv::matmul(gv::causal_softmax(gv::matmul(q, gv::transpose(k)) * scale), v);
}

// (B, T, H D) <-> (B, H, T, D), by reshape and swap_dims.
Var split_heads(const Var& x, int64_t heads) {
  return gv::swap_dims(gv::reshape(x, {x.size(0), x.size(1), heads, x.size(2) / heads}), 1, 2);
}
Var merge_heads(const Var& x) {
  return gv::reshape(gv::swap_dims(x, 1, 2), {x.size(0), x.size(2), x.size(1) * x.size(3)});
}

void check_close(const Tensor& actual, const Tensor& expected, double margin) {
  REQUIRE(actual.shape() == expected.shape());
  for (int64_t i = 0; i < actual.numel(); ++i) {
    INFO("element " << i);
    CHECK(actual[i] == Approx(expected[i]).margin(margin));
  }
}

// A fused op against the same computation composed from primitive ops: the values, and the
// gradient of every input under one random weighting of the output.
void check_fused_equals_composed(const std::function<Var(const Inputs&)>& fused,
                                 const std::function<Var(const Inputs&)>& composed,
                                 const Inputs& inputs, gv::Rng& rng) {
  const Var fused_out = fused(inputs), composed_out = composed(inputs);
  check_close(fused_out.value(), composed_out.value(), 1e-5);
  const Tensor w = Tensor::uniform(fused_out.shape(), -1.0f, 1.0f, rng);
  const auto grads_of = [&](const Var& out) {
    for (const Var& v : inputs) v.zero_grad();
    gv::sum(out * Var::constant(w)).backward();
    std::vector<Tensor> grads;
    for (const Var& v : inputs) grads.push_back(v.grad());
    return grads;
  };
  const std::vector<Tensor> fused_grads = grads_of(fused_out);
  const std::vector<Tensor> composed_grads = grads_of(composed_out);
  for (size_t i = 0; i < inputs.size(); ++i) {
    INFO("gradient of input " << i);
    check_close(fused_grads[i], composed_grads[i], 1e-5);
  }
}

// c = a @ b by the textbook triple loop in double, for (M, K) @ (K, N).
Tensor reference_product(const Tensor& a, const Tensor& b) {
  const int64_t m = a.size(0), k = a.size(1), n = b.size(1);
  Tensor c({m, n});
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      double sum = 0.0;
      for (int64_t p = 0; p < k; ++p) sum += double{a[i * k + p]} * b[p * n + j];
      c[i * n + j] = static_cast<float>(sum);
    }
  }
  return c;
}

}  // namespace

TEST_CASE("matmul's tiled kernel equals the triple loop at sizes off every tile edge",
          "[ops][matmul]") {
  gv::Rng rng(40);
  // Rows and columns below, at and past the register tiles, the half-width tiles and the row
  // blocks, so that every full tile, leftover row and leftover column path runs, forward and in
  // both backwards.
  for (const auto [m, k, n] : std::vector<std::array<int64_t, 3>>{{1, 1, 1},
                                                                  {7, 3, 5},
                                                                  {20, 9, 16},
                                                                  {9, 17, 33},
                                                                  {11, 5, 50},
                                                                  {97, 20, 65},
                                                                  {130, 64, 40}}) {
    INFO("(" << m << ", " << k << ") @ (" << k << ", " << n << ")");
    const Var a = random_parameter({m, k}, rng);
    const Var b = random_parameter({k, n}, rng);
    const Var c = gv::matmul(a, b);
    check_close(c.value(), reference_product(a.value(), b.value()), 1e-4);
    const Tensor g = Tensor::uniform({m, n}, -1.0f, 1.0f, rng);
    gv::sum(c * Var::constant(g)).backward();
    // dA = G B^T and dB = A^T G, by the same reference on explicit transposes.
    const Tensor b_t = gv::transpose(Var::constant(b.value())).value();
    const Tensor a_t = gv::transpose(Var::constant(a.value())).value();
    check_close(a.grad(), reference_product(g, b_t), 1e-4);
    check_close(b.grad(), reference_product(a_t, g), 1e-4);
  }
}

TEST_CASE("gradcheck: matmul batched over two leading dims, and swap_dims of any two dims",
          "[gradcheck][matmul][shape]") {
  gv::Rng rng(41);
  check_weighted([](const Inputs& in) { return gv::matmul(in[0], in[1]); },
                 {random_parameter({2, 3, 4, 5}, rng), random_parameter({2, 3, 5, 2}, rng)}, rng);
  const Var x = random_parameter({2, 3, 4, 5}, rng);
  check_unary([](const Var& a) { return gv::swap_dims(a, 1, 2); }, x, rng);
  check_unary([](const Var& a) { return gv::swap_dims(a, 0, -1); }, x, rng);
  check_unary([](const Var& a) { return gv::swap_dims(a, -2, -1); }, x, rng);
}

TEST_CASE("swap_dims(a, 1, 2) moves element (b, t, h, d) to (b, h, t, d)", "[ops][shape]") {
  gv::Rng rng(42);
  const Var x = random_parameter({2, 3, 4, 5}, rng);
  const Var y = gv::swap_dims(x, 1, 2);
  REQUIRE(y.shape() == Shape{2, 4, 3, 5});
  for (int64_t b = 0; b < 2; ++b) {
    for (int64_t t = 0; t < 3; ++t) {
      for (int64_t h = 0; h < 4; ++h) {
        for (int64_t d = 0; d < 5; ++d)
          CHECK(y.value().at({b, h, t, d}) == x.value().at({b, t, h, d}));
      }
    }
  }
  // The last two dims: the same as the two-dim transpose.
  check_close(gv::swap_dims(x, -1, -2).value(), gv::transpose(x).value(), 0.0);
}

TEST_CASE("linear is x @ w + b, and gradchecks", "[ops][gradcheck][linear]") {
  gv::Rng rng(43);
  const Var x = random_parameter({2, 3, 4}, rng);
  const Var w = random_parameter({4, 5}, rng);
  const Var b = random_parameter({5}, rng);
  check_close(gv::linear(x, w, b).value(), (gv::matmul(x, w) + b).value(), 1e-5);
  check_weighted([](const Inputs& in) { return gv::linear(in[0], in[1], in[2]); }, {x, w, b}, rng);
  CHECK_THROWS_WITH(
      gv::linear(x, random_parameter({3, 5}, rng), b),
      Catch::Contains("linear") && Catch::Contains("(2, 3, 4)") && Catch::Contains("(3, 5)"));
}

TEST_CASE("layer_norm gives each row mean beta and scale gamma, and gradchecks",
          "[ops][gradcheck][layer_norm]") {
  const Var x = Var::constant(Tensor::from({2, 4}, {1, 2, 3, 4, -2, 0, 0, 2}));
  const Var ones = Var::constant(Tensor::ones({4}));
  const Var zeros = Var::constant(Tensor::zeros({4}));
  // Row 1: mean 2.5, biased variance 1.25. Row 2: mean 0, variance 2.
  const double s1 = std::sqrt(1.25 + 1e-5), s2 = std::sqrt(2.0 + 1e-5);
  check_close(gv::layer_norm(x, ones, zeros).value(),
              Tensor::from({2, 4}, {float(-1.5 / s1), float(-0.5 / s1), float(0.5 / s1),
                                    float(1.5 / s1), float(-2 / s2), 0, 0, float(2 / s2)}),
              1e-6);
  gv::Rng rng(44);
  check_weighted([](const Inputs& in) { return gv::layer_norm(in[0], in[1], in[2]); },
                 {random_parameter({3, 2, 6}, rng, -2.0f, 2.0f), random_parameter({6}, rng),
                  random_parameter({6}, rng)},
                 rng);
}

TEST_CASE("gelu matches its tanh formula and gradchecks", "[ops][gradcheck][gelu]") {
  const std::vector<float> xs = {-30.0f, -3.0f, -1.0f, -0.1f, 0.0f, 0.5f, 2.0f, 30.0f};
  const Var x = Var::constant(Tensor::from({8}, xs));
  const Tensor y = gv::gelu(x).value();
  for (size_t i = 0; i < xs.size(); ++i) {
    const double v = xs[i];
    const double expected =
        0.5 * v * (1 + std::tanh(std::sqrt(2 / M_PI) * (v + 0.044715 * v * v * v)));
    INFO("x = " << v);
    CHECK(y[static_cast<int64_t>(i)] == Approx(expected).margin(1e-6));
  }
  gv::Rng rng(45);
  check_unary(gv::gelu, random_parameter({3, 7}, rng, -3.0f, 3.0f), rng);
}

TEST_CASE("causal_softmax sees only keys up to the query, and gradchecks",
          "[ops][gradcheck][attention]") {
  const Var scores = Var::constant(Tensor::from({3, 3}, {5, 9, 9, 0, std::log(2.0f), 9, 1, 1, 1}));
  check_close(gv::causal_softmax(scores).value(),
              Tensor::from({3, 3}, {1, 0, 0, 1.0f / 3, 2.0f / 3, 0, 1.0f / 3, 1.0f / 3, 1.0f / 3}),
              1e-6);
  gv::Rng rng(46);
  check_unary(gv::causal_softmax, random_parameter({2, 3, 5, 5}, rng, -2.0f, 2.0f), rng);
  CHECK_THROWS_WITH(gv::causal_softmax(random_parameter({2, 3}, rng)),
                    Catch::Contains("(..., T, T)") && Catch::Contains("(2, 3)"));
}

TEST_CASE("causal_attention equals the composed ops, values and gradients",
          "[ops][gradcheck][attention]") {
  gv::Rng rng(47);
  // (B, H, T, D) with T past two blocks of queries and a register tile, so every edge runs.
  const Shape shape{2, 2, 37, 4};
  const float scale = 0.5f;
  check_fused_equals_composed(
      [&](const Inputs& in) { return gv::causal_attention(in[0], in[1], in[2], scale); },
      [&](const Inputs& in) { return composed_attention(in[0], in[1], in[2], scale); },
      {random_parameter(shape, rng), random_parameter(shape, rng), random_parameter(shape, rng)},
      rng);
  const Inputs small = {random_parameter({2, 5, 3}, rng), random_parameter({2, 5, 3}, rng),
                        random_parameter({2, 5, 3}, rng)};
  check_weighted([&](const Inputs& in) { return gv::causal_attention(in[0], in[1], in[2], scale); },
                 small, rng);
}

TEST_CASE("causal_attention over H heads in place is each head's attention, merged",
          "[ops][gradcheck][attention]") {
  gv::Rng rng(49);
  // (B, T, H D): 3 heads of 4 columns; T past two blocks of queries.
  const Shape shape{2, 37, 12};
  const float scale = 0.5f;
  check_fused_equals_composed(
      [&](const Inputs& in) { return gv::causal_attention(in[0], in[1], in[2], scale, 3); },
      [&](const Inputs& in) {
        return merge_heads(composed_attention(split_heads(in[0], 3), split_heads(in[1], 3),
                                              split_heads(in[2], 3), scale));
      },
      {random_parameter(shape, rng), random_parameter(shape, rng), random_parameter(shape, rng)},
      rng);
  check_weighted(
      [&](const Inputs& in) { return gv::causal_attention(in[0], in[1], in[2], scale, 2); },
      {random_parameter({1, 5, 4}, rng), random_parameter({1, 5, 4}, rng),
       random_parameter({1, 5, 4}, rng)},
      rng);
  const Var x = random_parameter(shape, rng);
  CHECK_THROWS_WITH(gv::causal_attention(x, x, x, scale, 5),
                    Catch::Contains("5 heads") && Catch::Contains("C = 12"));
}

// RoPE's rotation composed from primitive ops, on (B, H, T, D): x cos + rotate(x) sin, where
// rotate turns each pair (a, b) into (-b, a).
Var composed_rotation(const Var& x, const Tensor& cos, const Tensor& sin, bool interleaved) {
  const int64_t d = x.size(-1);
  Var turned;
  if (interleaved) {
    // (..., D) seen as (..., D/2, 2)
    Shape pairs = x.shape();
    pairs.back() = d / 2;
    pairs.push_back(2);
    const Var p = gv::reshape(x, pairs);
    turned = gv::reshape(gv::concat({gv::neg(gv::slice(p, 1, 2)), gv::slice(p, 0, 1)}), x.shape());
  } else {
    turned = gv::concat({gv::neg(gv::slice(x, d / 2, d)), gv::slice(x, 0, d / 2)});
  }
  return x * Var::constant(cos) + turned * Var::constant(sin);
}

TEST_CASE("rotate_pairs equals RoPE composed from mul, slice, neg and concat, head by head",
          "[ops][gradcheck][rope]") {
  gv::Rng rng(50);
  // (B, T, H D) with 2 heads of D = 6; tables (T, D) of random angles, each the same at both
  // dims of a pair (the pair's first dim is the one read).
  const int64_t length = 5, d = 6, heads = 2;
  for (const bool interleaved : {false, true}) {
    INFO("interleaved = " << interleaved);
    Tensor cos({length, d}), sin({length, d});
    for (int64_t t = 0; t < length; ++t) {
      for (int64_t i = 0; i < d / 2; ++i) {
        const float angle = 6.0f * rng.uniform() - 3.0f;
        for (const int64_t j :
             interleaved ? std::array{2 * i, 2 * i + 1} : std::array{i, i + d / 2}) {
          cos[t * d + j] = std::cos(angle);
          sin[t * d + j] = std::sin(angle);
        }
      }
    }
    check_fused_equals_composed(
        [&](const Inputs& in) { return gv::rotate_pairs(in[0], cos, sin, interleaved); },
        [&](const Inputs& in) {
          return merge_heads(composed_rotation(split_heads(in[0], heads), cos, sin, interleaved));
        },
        {random_parameter({3, length, heads * d}, rng)}, rng);
    check_unary([&](const Var& x) { return gv::rotate_pairs(x, cos, sin, interleaved); },
                random_parameter({2, length, d}, rng), rng);
  }
  const Var x = random_parameter({2, 4, 10}, rng);
  CHECK_THROWS_WITH(gv::rotate_pairs(x, Tensor({4, 4}), Tensor({4, 4}), false),
                    Catch::Contains("(4, 4)") && Catch::Contains("C = 10"));
  CHECK_THROWS_WITH(gv::rotate_pairs(x, Tensor({3, 10}), Tensor({3, 10}), false),
                    Catch::Contains("T >= 4"));
}

TEST_CASE("causal_attention: changing position t + 1 leaves the outputs at 0..t unchanged",
          "[ops][attention]") {
  gv::Rng rng(48);
  const int64_t length = 9, d = 4;
  Tensor q = Tensor::uniform({length, d}, -1.0f, 1.0f, rng);
  Tensor k = Tensor::uniform({length, d}, -1.0f, 1.0f, rng);
  Tensor v = Tensor::uniform({length, d}, -1.0f, 1.0f, rng);
  const auto attend = [&] {
    return gv::causal_attention(Var::constant(q), Var::constant(k), Var::constant(v), 1.0f).value();
  };
  const Tensor before = attend();
  for (int64_t t = 0; t + 1 < length; ++t) {
    INFO("changed position " << t + 1);
    Tensor q0 = q, k0 = k, v0 = v;
    for (int64_t j = 0; j < d; ++j) {
      q.at({t + 1, j}) += 5.0f;
      k.at({t + 1, j}) -= 3.0f;
      v.at({t + 1, j}) += 7.0f;
    }
    const Tensor after = attend();
    for (int64_t i = 0; i < (t + 1) * d; ++i) CHECK(after[i] == before[i]);
    bool later_changed = false;
    for (int64_t i = (t + 1) * d; i < length * d; ++i) later_changed |= after[i] != before[i];
    CHECK(later_changed);
    q = q0, k = k0, v = v0;
  }
}

}  // namespace gv::testing
