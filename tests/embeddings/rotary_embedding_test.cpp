#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "autograd/gradcheck.h"
#include "autograd/ops.h"
#include "autograd/rng.h"
#include "embeddings/rotary_embedding.h"

using gv::RotaryEmbedding;
using gv::RotaryOptions;
using gv::Shape;
using gv::Tensor;
using gv::Var;

namespace {

Tensor random_tensor(const Shape& shape, uint64_t seed) {
  gv::Rng rng(seed);
  return Tensor::normal(shape, 0.0f, 1.0f, rng);
}

// (T, C): the same vector v at every position.
Var repeated(const Tensor& v, int64_t length) {
  const int64_t dim = v.numel();
  Tensor t({length, dim});
  for (int64_t p = 0; p < length; ++p) {
    for (int64_t c = 0; c < dim; ++c) t[p * dim + c] = v[c];
  }
  return Var::constant(std::move(t));
}

double row_dot(const Tensor& a, int64_t row_a, const Tensor& b, int64_t row_b) {
  const int64_t dim = a.size(-1);
  double dot = 0;
  for (int64_t c = 0; c < dim; ++c) {
    dot += static_cast<double>(a[row_a * dim + c]) * b[row_b * dim + c];
  }
  return dot;
}

}  // namespace

TEST_CASE("RoPE turns a 2-d vector by position times theta", "[rope]") {
  const RotaryEmbedding rope(4, 2);  // one pair, θ_0 = base^0 = 1 radian per position
  const Var out = rope.forward(Var::constant(Tensor::from({4, 2}, {1, 0, 1, 0, 1, 0, 0, 1})));
  for (int64_t t = 0; t < 3; ++t) {
    CHECK(out.value().at({t, 0}) == Approx(std::cos(t)).margin(1e-6));
    CHECK(out.value().at({t, 1}) == Approx(std::sin(t)).margin(1e-6));
  }
  // (0, 1) turned by 3 radians: (-sin 3, cos 3).
  CHECK(out.value().at({3, 0}) == Approx(-std::sin(3.0)).margin(1e-6));
  CHECK(out.value().at({3, 1}) == Approx(std::cos(3.0)).margin(1e-6));
}

TEST_CASE("RoPE base and position scale set the angles", "[rope]") {
  // d = 4, base 100: θ_0 = 1, θ_1 = 100^(-2/4) = 0.1. Position 3 scaled by 0.5 -> 1.5.
  const RotaryEmbedding rope(4, 4, {.base = 100.0, .position_scale = 0.5, .interleaved = false});
  const Var out = rope.forward(Var::constant(Tensor::ones({4, 4})));
  // Split halves: pairs (0, 2) and (1, 3); (1, 1) turned by φ is (cos φ - sin φ, cos φ + sin φ).
  const double phi0 = 1.5 * 1.0, phi1 = 1.5 * 0.1;
  CHECK(out.value().at({3, 0}) == Approx(std::cos(phi0) - std::sin(phi0)).margin(1e-6));
  CHECK(out.value().at({3, 2}) == Approx(std::cos(phi0) + std::sin(phi0)).margin(1e-6));
  CHECK(out.value().at({3, 1}) == Approx(std::cos(phi1) - std::sin(phi1)).margin(1e-6));
  CHECK(out.value().at({3, 3}) == Approx(std::cos(phi1) + std::sin(phi1)).margin(1e-6));
}

TEST_CASE("RoPE is the identity at position 0 and keeps every norm", "[rope]") {
  for (const bool interleaved : {false, true}) {
    const RotaryEmbedding rope(
        16, 8, {.base = 10000.0, .position_scale = 1.0, .interleaved = interleaved});
    const Var x = Var::constant(random_tensor({3, 16, 8}, 7));  // (B, T, C)
    const Var out = rope.forward(x);
    REQUIRE(out.shape() == Shape{3, 16, 8});
    CHECK(rope.parameters().empty());
    for (int64_t row = 0; row < 3 * 16; ++row) {
      const Tensor& a = out.value();
      const Tensor& b = x.value();
      if (row % 16 == 0) {
        for (int64_t c = 0; c < 8; ++c) CHECK(a[row * 8 + c] == b[row * 8 + c]);
      }
      CHECK(std::sqrt(row_dot(a, row, a, row)) ==
            Approx(std::sqrt(row_dot(b, row, b, row))).epsilon(1e-5));
    }
  }
}

TEST_CASE("RoPE scores depend only on the offset n - m", "[rope]") {
  const int64_t length = 12, dim = 8, half = dim / 2;
  const Tensor q = random_tensor({dim}, 1);
  const Tensor k = random_tensor({dim}, 2);
  const RotaryEmbedding rope(length, dim);
  const Tensor rq = rope.forward(repeated(q, length)).value();  // R(m) q at row m
  const Tensor rk = rope.forward(repeated(k, length)).value();
  for (int64_t m = 0; m < length; ++m) {
    for (int64_t n = 0; n < length; ++n) {
      // q · R(n - m) k, pair by pair (i, i + C/2), in double.
      double expected = 0;
      for (int64_t i = 0; i < half; ++i) {
        const double phi = static_cast<double>(n - m) * std::pow(10000.0, -2.0 * i / dim);
        const double qa = q[i], qb = q[i + half], ka = k[i], kb = k[i + half];
        expected += (qa * ka + qb * kb) * std::cos(phi) + (qb * ka - qa * kb) * std::sin(phi);
      }
      CHECK(row_dot(rq, m, rk, n) == Approx(expected).margin(1e-4));
    }
  }
}

TEST_CASE("RoPE conventions agree up to the permutation of dims", "[rope]") {
  const int64_t length = 6, dim = 8, half = dim / 2;
  const Tensor x = random_tensor({length, dim}, 9);
  // Split dim i goes to interleaved dim 2i, split dim i + C/2 to 2i + 1.
  Tensor x_interleaved({length, dim});
  for (int64_t t = 0; t < length; ++t) {
    for (int64_t i = 0; i < half; ++i) {
      x_interleaved.at({t, 2 * i}) = x.at({t, i});
      x_interleaved.at({t, 2 * i + 1}) = x.at({t, i + half});
    }
  }
  const Tensor split = RotaryEmbedding(length, dim).forward(Var::constant(x)).value();
  const Tensor inter =
      RotaryEmbedding(length, dim, {.base = 10000.0, .position_scale = 1.0, .interleaved = true})
          .forward(Var::constant(x_interleaved))
          .value();
  for (int64_t t = 0; t < length; ++t) {
    for (int64_t i = 0; i < half; ++i) {
      CHECK(inter.at({t, 2 * i}) == Approx(split.at({t, i})).margin(1e-6));
      CHECK(inter.at({t, 2 * i + 1}) == Approx(split.at({t, i + half})).margin(1e-6));
    }
  }
}

TEST_CASE("RoPE on H heads side by side (B, T, H D) rotates each head as on its own", "[rope]") {
  const int64_t length = 5, dim = 4, heads = 3;
  const RotaryEmbedding rope(length, dim);
  const Tensor x = random_tensor({2, length, heads * dim}, 11);
  const Tensor together = rope.forward(Var::constant(x)).value();
  for (int64_t h = 0; h < heads; ++h) {
    const Tensor alone = rope.forward(gv::slice(Var::constant(x), h * dim, (h + 1) * dim)).value();
    for (int64_t b = 0; b < 2; ++b) {
      for (int64_t t = 0; t < length; ++t) {
        for (int64_t j = 0; j < dim; ++j)
          CHECK(together.at({b, t, h * dim + j}) == alone.at({b, t, j}));
      }
    }
  }
}

TEST_CASE("RoPE gradients match finite differences in both conventions", "[rope][gradcheck]") {
  for (const bool interleaved : {false, true}) {
    INFO("interleaved = " << interleaved);
    const RotaryEmbedding rope(
        5, 6, {.base = 10000.0, .position_scale = 1.0, .interleaved = interleaved});
    const Var x = Var::parameter(random_tensor({2, 4, 6}, 3));  // (B, T, C), T < max_len
    const Var w = Var::constant(random_tensor({2, 4, 6}, 4));
    const auto result = gv::gradcheck(
        [&](const std::vector<Var>& in) { return gv::sum(gv::tanh(rope.forward(in[0])) * w); },
        {x});
    INFO(result.worst);
    CHECK(result.ok);
  }
}

TEST_CASE("RoPE errors name the dim, the shape and max_len", "[rope][errors]") {
  CHECK_THROWS_WITH(RotaryEmbedding(8, 5),
                    Catch::Contains("dim must be even") && Catch::Contains("got 5"));
  CHECK_THROWS_WITH(
      RotaryEmbedding(8, 4, {.base = 0.0, .position_scale = 1.0, .interleaved = false}),
      Catch::Contains("base"));
  CHECK_THROWS_WITH(
      RotaryEmbedding(8, 4, {.base = 10000.0, .position_scale = -1.0, .interleaved = false}),
      Catch::Contains("position_scale"));
  CHECK_THROWS_WITH(RotaryEmbedding(-1, 4), Catch::Contains("max_len must be positive, got -1"));
  const RotaryEmbedding rope(3, 4);
  CHECK_THROWS_WITH(rope.forward(Var::constant(Tensor::ones({2, 6}))),
                    Catch::Contains("(..., T, a multiple of 4)") && Catch::Contains("(2, 6)"));
  CHECK_THROWS_WITH(rope.forward(Var::constant(Tensor::ones({4}))), Catch::Contains("(4)"));
  CHECK_THROWS_AS(rope.forward(Var::constant(Tensor::ones({4, 4}))), std::out_of_range);
  CHECK_THROWS_WITH(rope.forward(Var::constant(Tensor::ones({4, 4}))),
                    Catch::Contains("max_len = 3"));
}
