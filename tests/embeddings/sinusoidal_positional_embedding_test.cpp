#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "embeddings/sinusoidal_positional_embedding.h"

using gv::SinusoidalPositionalEmbedding;
using gv::Tensor;

TEST_CASE("Sinusoidal encoding matches the published table for T = 4, d = 8", "[sinusoidal]") {
  const SinusoidalPositionalEmbedding pe(4, 8);
  const gv::Var table = pe.forward(4);
  REQUIRE(table.shape() == gv::Shape{4, 8});
  // Row 1 is sin/cos of 1, 0.1, 0.01, 0.001 (ω_k = 10000^(-2k/8) = 10^-k), to 5 decimals.
  const std::vector<double> row1 = {0.84147, 0.54030, 0.09983, 0.99500,
                                    0.01000, 0.99995, 0.00100, 1.00000};
  for (int64_t c = 0; c < 8; ++c) {
    CHECK(table.value().at({1, c}) == Approx(row1[c]).margin(5e-6));
    CHECK(table.value().at({0, c}) == (c % 2 == 0 ? 0.0f : 1.0f));  // sin 0, cos 0
  }
}

TEST_CASE("Sinusoidal dot products depend only on the offset", "[sinusoidal]") {
  const int64_t dim = 384, offset = 5;
  const SinusoidalPositionalEmbedding pe(1024, dim);
  // PE(p)·PE(p+s) = Σ_k sin(pω)sin((p+s)ω) + cos(pω)cos((p+s)ω) = Σ_k cos(s ω_k),
  // with ω_k computed here on its own, in double.
  double expected = 0;
  for (int64_t k = 0; k < dim / 2; ++k) {
    expected += std::cos(offset * std::pow(10000.0, -2.0 * static_cast<double>(k) / dim));
  }
  const Tensor& table = pe.table();
  for (int64_t p = 0; p + offset < 1024; p += 7) {
    double dot = 0;
    for (int64_t c = 0; c < dim; ++c) {
      dot += static_cast<double>(table.at({p, c})) * table.at({p + offset, c});
    }
    CHECK(dot == Approx(expected).margin(1e-4));
  }
}

TEST_CASE("Sinusoidal encoding of a position beyond max_len follows the formula", "[sinusoidal]") {
  const SinusoidalPositionalEmbedding pe(16, 6);
  const int64_t position = 5000;
  const Tensor row = pe.encode(position);
  REQUIRE(row.shape() == gv::Shape{6});
  for (int64_t k = 0; k < 3; ++k) {
    const double angle = position * std::pow(10000.0, -2.0 * static_cast<double>(k) / 6);
    CHECK(row[2 * k] == Approx(std::sin(angle)).margin(1e-6));
    CHECK(row[2 * k + 1] == Approx(std::cos(angle)).margin(1e-6));
  }
  // Inside the table, encode() and the table agree exactly.
  const Tensor row3 = pe.encode(3);
  for (int64_t c = 0; c < 6; ++c) CHECK(row3[c] == pe.table().at({3, c}));
}

TEST_CASE("Sinusoidal encoding is a constant, not a parameter", "[sinusoidal]") {
  const SinusoidalPositionalEmbedding pe(8, 4);
  CHECK(pe.parameters().empty());
  CHECK_FALSE(pe.forward(3).requires_grad());
}

TEST_CASE("Sinusoidal errors name the dim and max_len", "[sinusoidal][errors]") {
  CHECK_THROWS_WITH(SinusoidalPositionalEmbedding(4, 7),
                    Catch::Contains("dim must be even") && Catch::Contains("got 7"));
  CHECK_THROWS_WITH(SinusoidalPositionalEmbedding(0, 8),
                    Catch::Contains("max_len must be positive, got 0"));
  const SinusoidalPositionalEmbedding pe(4, 8);
  CHECK_THROWS_AS(pe.forward(5), std::out_of_range);
  CHECK_THROWS_WITH(pe.forward(5), Catch::Contains("length 5") && Catch::Contains("max_len = 4"));
  CHECK_THROWS_WITH(pe.encode(-2), Catch::Contains("position -2"));
}
