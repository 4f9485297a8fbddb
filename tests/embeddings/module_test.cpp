#include <catch2/catch.hpp>

#include <memory>
#include <vector>

#include "embeddings/input_embedding.h"
#include "embeddings/learned_positional_embedding.h"
#include "embeddings/rotary_embedding.h"
#include "embeddings/sinusoidal_positional_embedding.h"

using gv::Embedding;
using gv::InputEmbedding;
using gv::LearnedPositionalEmbedding;
using gv::Module;
using gv::RotaryEmbedding;
using gv::SinusoidalPositionalEmbedding;
using gv::Var;

TEST_CASE("Every module answers parameters() and the mode through Module", "[module]") {
  gv::Rng rng(1);
  Embedding tokens(10, 4, rng);
  LearnedPositionalEmbedding learned(6, 4, rng);
  SinusoidalPositionalEmbedding sinusoidal(6, 4);
  RotaryEmbedding rotary(6, 4);
  InputEmbedding input(Embedding(10, 4, rng),
                       std::make_unique<LearnedPositionalEmbedding>(6, 4, rng));

  struct Expected {
    Module* module;
    size_t tensors;
    int64_t values;
  };
  // By construction: a (10, 4) token table, a (6, 4) position table, fixed encodings with
  // nothing to train, and an input stage holding one of each trainable table.
  const std::vector<Expected> modules = {
      {&tokens, 1, 10 * 4}, {&learned, 1, 6 * 4},        {&sinusoidal, 0, 0},
      {&rotary, 0, 0},      {&input, 2, 10 * 4 + 6 * 4},
  };
  for (const Expected& e : modules) {
    const std::vector<Var> params = e.module->parameters();
    CHECK(params.size() == e.tensors);
    int64_t values = 0;
    for (const Var& p : params) {
      CHECK(p.requires_grad());
      values += p.numel();
    }
    CHECK(values == e.values);
  }

  for (const Expected& e : modules) CHECK(e.module->training());
  for (const Expected& e : modules) e.module->eval();
  for (const Expected& e : modules) CHECK_FALSE(e.module->training());
  for (const Expected& e : modules) e.module->train(true);
  for (const Expected& e : modules) CHECK(e.module->training());
}

TEST_CASE("An input stage switches the modules it holds with it", "[module]") {
  gv::Rng rng(2);
  InputEmbedding input(Embedding(5, 2, rng), std::make_unique<SinusoidalPositionalEmbedding>(3, 2));
  Module& base = input;
  base.train(false);
  CHECK_FALSE(input.tokens().training());
  CHECK_FALSE(input.positions().training());
  base.train(true);
  CHECK(input.tokens().training());
  CHECK(input.positions().training());
}
