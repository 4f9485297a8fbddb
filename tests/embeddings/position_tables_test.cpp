// Every positional table is a (max_len, dim) tensor: sizes whose product overflows are refused
// by the tensor's checked element count before anything is allocated or written.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <stdexcept>

#include "autograd/rng.h"
#include "embeddings/learned_positional_embedding.h"
#include "embeddings/rotary_embedding.h"
#include "embeddings/sinusoidal_positional_embedding.h"

namespace {
// 4611686018427387905 x 4 wraps around to 4 in 64 bits: `gradvec pe --len` of this once
// allocated 4 floats and filled a table of 2^62 rows into them.
constexpr int64_t kWrappingLength = 4611686018427387905;
}  // namespace

TEST_CASE("Positional tables refuse sizes whose element count overflows", "[position][errors]") {
  using Catch::Contains;
  CHECK_THROWS_AS(gv::SinusoidalPositionalEmbedding(kWrappingLength, 4), std::length_error);
  CHECK_THROWS_WITH(
      gv::SinusoidalPositionalEmbedding(kWrappingLength, 4),
      Contains("(4611686018427387905, 4)") && Contains("more elements than a tensor can hold"));
  CHECK_THROWS_WITH(
      gv::RotaryEmbedding(kWrappingLength, 4),
      Contains("(4611686018427387905, 4)") && Contains("more elements than a tensor can hold"));
  gv::Rng rng(1);
  CHECK_THROWS_WITH(
      gv::LearnedPositionalEmbedding(kWrappingLength, 4, rng),
      Contains("(4611686018427387905, 4)") && Contains("more elements than a tensor can hold"));
  // The dim's side of the product, too.
  CHECK_THROWS_AS(gv::SinusoidalPositionalEmbedding(4, kWrappingLength - 1), std::length_error);
}

TEST_CASE("RoPE refuses a base or position scale that is not finite", "[rope][errors]") {
  // An infinite scale turns position 0 into inf * 0 = NaN: a table of NaN, not an error.
  CHECK_THROWS_WITH(gv::RotaryEmbedding(
                        8, 4, {.base = 10000.0, .position_scale = INFINITY, .interleaved = false}),
                    Catch::Contains("position_scale must be finite and positive, got inf"));
  CHECK_THROWS_WITH(
      gv::RotaryEmbedding(8, 4, {.base = INFINITY, .position_scale = 1.0, .interleaved = false}),
      Catch::Contains("base must be finite and positive, got inf"));
}
