#include <catch2/catch.hpp>

#include <memory>
#include <vector>

#include "autograd/ops.h"
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

TEST_CASE("Every module answers parameters() through Module", "[module]") {
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
}

TEST_CASE("A view shares a module's values and collects gradients of its own", "[module]") {
  gv::Rng rng(2);
  const InputEmbedding input(Embedding(5, 2, rng),
                             std::make_unique<LearnedPositionalEmbedding>(3, 2, rng));
  const InputEmbedding view = input.view();
  const std::vector<Var> params = input.parameters();
  const std::vector<Var> views = view.parameters();
  REQUIRE(views.size() == 2);
  const std::vector<int64_t> ids = {4, 1, 4};
  gv::sum(view.forward(ids, {3})).backward();
  for (size_t i = 0; i < params.size(); ++i) {
    CHECK(views[i].value().data() == params[i].value().data());  // the same storage
    CHECK_FALSE(params[i].has_sparse_grad());
    CHECK(views[i].has_sparse_grad());
  }
  // Each lookup sends d(sum)/d(row) = 1 to every column: id 4 twice, id 1 once, positions 0..2.
  CHECK(views[0].total_grad().at({4, 0}) == 2.0f);
  CHECK(views[0].total_grad().at({1, 1}) == 1.0f);
  CHECK(views[0].total_grad().at({0, 0}) == 0.0f);
  CHECK(views[1].total_grad().at({2, 1}) == 1.0f);
  // A write through the module is what the view reads next.
  Var tokens = params[0];
  tokens.value().at({1, 0}) = 7.0f;
  CHECK(view.forward(ids, {3}).value().at({1, 0}) ==
        7.0f + input.positions()->forward(3).value().at({1, 0}));
}
