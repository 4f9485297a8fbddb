#include <catch2/catch.hpp>

#include "autograd/ops.h"
#include "embeddings/learned_positional_embedding.h"

using gv::LearnedPositionalEmbedding;
using gv::Shape;

TEST_CASE("Learned positions are the first T rows of a trainable table", "[learned]") {
  gv::Rng rng(4);
  const LearnedPositionalEmbedding pe(10, 3, rng);
  REQUIRE(pe.parameters().size() == 1);
  CHECK(pe.parameters()[0].shape() == Shape{10, 3});
  const gv::Var rows = pe.forward(4);
  REQUIRE(rows.shape() == Shape{4, 3});
  for (int64_t i = 0; i < rows.numel(); ++i) CHECK(rows.value()[i] == pe.weight().value()[i]);

  gv::sum(rows).backward();
  // Only rows 0..3 were used, so only they are in the (row-sparse) gradient.
  CHECK_FALSE(pe.weight().has_grad());
  const gv::Tensor grad = pe.weight().total_grad();
  for (int64_t t = 0; t < 10; ++t) {
    for (int64_t c = 0; c < 3; ++c) CHECK(grad.at({t, c}) == (t < 4 ? 1.0f : 0.0f));
  }
}

TEST_CASE("Learned positions beyond max_len are an error naming max_len", "[learned][errors]") {
  gv::Rng rng(4);
  const LearnedPositionalEmbedding pe(10, 3, rng);
  CHECK_THROWS_AS(pe.forward(11), std::out_of_range);
  CHECK_THROWS_WITH(pe.forward(11),
                    Catch::Contains("length 11") && Catch::Contains("max_len = 10"));
  CHECK_THROWS_WITH(pe.forward(0), Catch::Contains("max_len = 10"));
  CHECK_THROWS_WITH(LearnedPositionalEmbedding(0, 3, rng),
                    Catch::Contains("LearnedPositionalEmbedding: max_len must be positive, got 0"));
}
