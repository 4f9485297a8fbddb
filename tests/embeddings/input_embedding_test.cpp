#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "autograd/gradcheck.h"
#include "autograd/ops.h"
#include "embeddings/input_embedding.h"
#include "embeddings/learned_positional_embedding.h"
#include "embeddings/sinusoidal_positional_embedding.h"

using gv::Embedding;
using gv::InputEmbedding;
using gv::LearnedPositionalEmbedding;
using gv::Shape;
using gv::SinusoidalPositionalEmbedding;
using gv::Tensor;
using gv::Var;

namespace {

// The simplest self-attention, no projections: softmax(X Xᵀ / √C) X, X (T, C).
Var toy_attention(const Var& x) {
  const float scale = 1.0f / std::sqrt(static_cast<float>(x.size(-1)));
  return gv::matmul(gv::softmax(gv::matmul(x, gv::transpose(x)) * scale), x);
}

// Largest |attention(X of permuted ids)[t] - attention(X of ids)[perm[t]]| over all t, c.
float equivariance_gap(const InputEmbedding* with_positions, const Embedding& tokens,
                       const std::vector<int64_t>& ids, const std::vector<int64_t>& perm) {
  std::vector<int64_t> permuted(ids.size());
  for (size_t t = 0; t < ids.size(); ++t) permuted[t] = ids[perm[t]];
  const Shape shape{static_cast<int64_t>(ids.size())};
  const auto embed = [&](const std::vector<int64_t>& seq) {
    return with_positions ? with_positions->forward(seq, shape) : tokens.forward(seq, shape);
  };
  const Tensor out = toy_attention(embed(ids)).value();
  const Tensor out_permuted = toy_attention(embed(permuted)).value();
  const int64_t dim = out.size(-1);
  float gap = 0;
  for (size_t t = 0; t < ids.size(); ++t) {
    for (int64_t c = 0; c < dim; ++c) {
      gap = std::max(
          gap, std::fabs(out_permuted[static_cast<int64_t>(t) * dim + c] - out[perm[t] * dim + c]));
    }
  }
  return gap;
}

}  // namespace

TEST_CASE("Input stage adds the position row to each token row", "[input]") {
  gv::Rng rng(8);
  const InputEmbedding input(Embedding(7, 4, rng),
                             std::make_unique<SinusoidalPositionalEmbedding>(5, 4));
  const std::vector<int64_t> ids = {3, 3, 6, 0, 1, 3};
  const Var x = input.forward(ids, {2, 3});  // (B, T) = (2, 3)
  REQUIRE(x.shape() == Shape{2, 3, 4});
  const Tensor& tokens = input.tokens().weight().value();
  const SinusoidalPositionalEmbedding reference(5, 4);
  for (int64_t b = 0; b < 2; ++b) {
    for (int64_t t = 0; t < 3; ++t) {
      for (int64_t c = 0; c < 4; ++c) {
        const int64_t id = ids[b * 3 + t];
        CHECK(x.value().at({b, t, c}) ==
              Approx(tokens.at({id, c}) + reference.table().at({t, c})).margin(1e-6));
      }
    }
  }
  // Only the token table trains when positions are sinusoidal.
  CHECK(input.parameters().size() == 1);
}

TEST_CASE("Attention is permutation-equivariant until positions are added", "[input]") {
  gv::Rng rng(21);
  const Embedding tokens(10, 8, rng);
  const std::vector<int64_t> ids = {4, 7, 1, 9, 2};
  const std::vector<int64_t> perm = {2, 0, 4, 1, 3};
  // Tokens alone: permuting the input just permutes the output (up to float rounding).
  CHECK(equivariance_gap(nullptr, tokens, ids, perm) < 1e-5f);
  // With positions the same token means something else elsewhere, so the outputs differ.
  const InputEmbedding sinusoidal(tokens, std::make_unique<SinusoidalPositionalEmbedding>(5, 8));
  CHECK(equivariance_gap(&sinusoidal, tokens, ids, perm) > 1e-2f);
  const InputEmbedding learned(tokens, std::make_unique<LearnedPositionalEmbedding>(5, 8, rng));
  CHECK(equivariance_gap(&learned, tokens, ids, perm) > 1e-2f);
}

TEST_CASE("Input stage gradients match finite differences with repeated ids",
          "[input][gradcheck]") {
  gv::Rng rng(13);
  const InputEmbedding input(Embedding(5, 3, rng),
                             std::make_unique<LearnedPositionalEmbedding>(4, 3, rng));
  const std::vector<int64_t> ids = {2, 2, 4, 2, 0, 4};  // id 2 three times, across batch rows
  const Var w = Var::constant(Tensor::normal({2, 3, 3}, 0.0f, 1.0f, rng));
  const std::vector<Var> params = input.parameters();
  REQUIRE(params.size() == 2);  // token table and position table
  const auto result = gv::gradcheck(
      [&](const std::vector<Var>&) {
        return gv::sum(gv::tanh(input.forward(ids, {2, 3})) * w);
      },
      params);
  INFO(result.worst);
  CHECK(result.ok);
}

TEST_CASE("Input stage errors name the offending sizes", "[input][errors]") {
  gv::Rng rng(1);
  CHECK_THROWS_WITH(
      InputEmbedding(Embedding(5, 4, rng), std::make_unique<SinusoidalPositionalEmbedding>(8, 6)),
      Catch::Contains("token dim 4") && Catch::Contains("positional dim 6"));
  const InputEmbedding input(Embedding(5, 4, rng),
                             std::make_unique<SinusoidalPositionalEmbedding>(2, 4));
  const std::vector<int64_t> ids = {1, 2, 3};
  CHECK_THROWS_WITH(input.forward(ids, {3}), Catch::Contains("max_len = 2"));
  CHECK_THROWS_WITH(input.forward(ids, {1, 1, 3}), Catch::Contains("(1, 1, 3)"));
  const std::vector<int64_t> unknown = {1, 5};
  CHECK_THROWS_WITH(input.forward(unknown, {2}), Catch::Contains("id 5"));
}

TEST_CASE("Without a positional encoding the input stage is the token rows alone", "[input]") {
  gv::Rng rng(3);
  const Embedding tokens(6, 4, rng);
  const InputEmbedding input(tokens, nullptr);
  const std::vector<int64_t> ids = {5, 0, 5, 2};
  const Tensor x = input.forward(ids, {2, 2}).value();
  const Tensor rows = tokens.forward(ids, {2, 2}).value();
  REQUIRE(x.shape() == Shape{2, 2, 4});
  for (int64_t i = 0; i < x.numel(); ++i) CHECK(x[i] == rows[i]);
  CHECK(input.positions() == nullptr);
  REQUIRE(input.parameters().size() == 1);
  CHECK(input.parameters()[0].node() == tokens.weight().node());
}
