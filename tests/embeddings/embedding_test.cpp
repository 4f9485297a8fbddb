#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "autograd/ops.h"
#include "autograd/optim.h"
#include "embeddings/embedding.h"
#include "tests/one_hot.h"

using gv::Embedding;
using gv::EmbeddingInit;
using gv::Shape;
using gv::Tensor;
using gv::Var;

namespace {

// A fixed, uneven weighting so that the loss sees every output element differently.
Var weights_like(const Shape& shape) {
  Tensor w(shape);
  for (int64_t i = 0; i < w.numel(); ++i) w[i] = 0.1f * static_cast<float>(i % 7) - 0.25f;
  return Var::constant(std::move(w));
}

}  // namespace

TEST_CASE("Embedding lookup equals one-hot times weight, values and gradients", "[embedding]") {
  gv::Rng rng(3);
  const Embedding emb(6, 4, rng);
  const std::vector<int64_t> ids = {4, 1, 4, 0, 5};
  const Var looked_up = emb.forward(ids);
  REQUIRE(looked_up.shape() == Shape{5, 4});

  // The same product through a dense copy of the table, whose gradient is dense.
  const Var dense_weight = Var::parameter(emb.weight().value());
  const Var product = gv::matmul(gv::testing::one_hot(ids, 6), dense_weight);
  for (int64_t i = 0; i < product.numel(); ++i) CHECK(looked_up.value()[i] == product.value()[i]);

  const Var w = weights_like({5, 4});
  gv::sum(looked_up * w).backward();
  gv::sum(product * w).backward();
  const Tensor sparse_total = emb.weight().total_grad();
  for (int64_t i = 0; i < sparse_total.numel(); ++i) {
    CHECK(sparse_total[i] == Approx(dense_weight.grad()[i]).margin(1e-6));
  }
}

TEST_CASE("Embedding backward stores only the looked-up rows", "[embedding]") {
  gv::Rng rng(1);
  const Embedding emb(1000, 8, rng);
  const std::vector<int64_t> ids = {7, 999, 7};
  gv::sum(emb.forward(ids)).backward();
  const Var& weight = emb.weight();
  CHECK_FALSE(weight.has_grad());  // no dense (V, C) buffer was ever made
  REQUIRE(weight.has_sparse_grad());
  gv::SparseRows grad = weight.sparse_grad();
  CHECK(grad.stored_rows() == 3);  // one entry per lookup, the repeat included
  grad.coalesce();
  REQUIRE(grad.stored_rows() == 2);
  CHECK(grad.index(0) == 7);
  CHECK(grad.index(1) == 999);
  for (int64_t c = 0; c < 8; ++c) {
    CHECK(grad.row(0)[c] == 2.0f);  // d(sum)/d(row 7) counts both lookups
    CHECK(grad.row(1)[c] == 1.0f);
  }
}

TEST_CASE("Embedding of (B, T) ids is (B, T, C); one id, one row everywhere", "[embedding]") {
  gv::Rng rng(5);
  const Embedding emb(10, 3, rng);
  const std::vector<int64_t> ids = {2, 9, 2, 9, 2, 0};
  const Var out = emb.forward(ids, {2, 3});
  REQUIRE(out.shape() == Shape{2, 3, 3});
  const Tensor& table = emb.weight().value();
  for (int64_t n = 0; n < 6; ++n) {
    for (int64_t c = 0; c < 3; ++c) CHECK(out.value()[n * 3 + c] == table[ids[n] * 3 + c]);
  }
}

TEST_CASE("Embedding initialisations follow their distributions", "[embedding]") {
  gv::Rng rng_a(11), rng_b(11);
  const int64_t dim = 50;
  const Embedding uniform(400, dim, rng_a,
                          {.init = EmbeddingInit::word2vec_uniform, .padding_id = std::nullopt});
  const Embedding same_seed(400, dim, rng_b,
                            {.init = EmbeddingInit::word2vec_uniform, .padding_id = std::nullopt});
  const Tensor& u = uniform.weight().value();
  double sum_sq = 0;
  for (int64_t i = 0; i < u.numel(); ++i) {
    CHECK(std::fabs(u[i]) <= 0.5f / dim);
    CHECK(u[i] == same_seed.weight().value()[i]);
    sum_sq += static_cast<double>(u[i]) * u[i];
  }
  // U(-a, a) has variance a² / 3 with a = 0.5 / 50 = 0.01: 3.33e-5, to within a few percent.
  CHECK(sum_sq / static_cast<double>(u.numel()) == Approx(1e-4 / 3).epsilon(0.05));

  // gensim's range, s = 1: a = 1 / 50 = 0.02, variance 1.33e-4; the same draws, scaled by 2.
  gv::Rng rng_wide(11);
  const Embedding wide(
      400, dim, rng_wide,
      {.init = EmbeddingInit::word2vec_uniform, .padding_id = std::nullopt, .uniform_scale = 1.0f});
  const Tensor& w = wide.weight().value();
  double wide_sum_sq = 0;
  for (int64_t i = 0; i < w.numel(); ++i) {
    CHECK(std::fabs(w[i]) <= 1.0f / dim);
    CHECK(w[i] == Approx(2.0f * u[i]).margin(1e-9));
    wide_sum_sq += static_cast<double>(w[i]) * w[i];
  }
  CHECK(wide_sum_sq / static_cast<double>(w.numel()) == Approx(4e-4 / 3).epsilon(0.05));
  for (const float bad : {0.0f, -1.0f, std::nanf(""), INFINITY}) {
    gv::Rng rng_bad(1);
    CHECK_THROWS_WITH(Embedding(4, 2, rng_bad,
                                {.init = EmbeddingInit::word2vec_uniform,
                                 .padding_id = std::nullopt,
                                 .uniform_scale = bad}),
                      Catch::Contains("uniform_scale"));
  }

  // Filled in blocks of 4096 rows, each from its own stream: three threads fill the same table.
  gv::Rng rng_one(13), rng_three(13);
  const Embedding one_thread(10000, 3, rng_one,
                             {.init = EmbeddingInit::word2vec_uniform, .padding_id = std::nullopt});
  const Embedding three_threads(
      10000, 3, rng_three,
      {.init = EmbeddingInit::word2vec_uniform, .padding_id = std::nullopt, .init_threads = 3});
  for (int64_t i = 0; i < one_thread.weight().numel(); ++i)
    CHECK(one_thread.weight().value()[i] == three_threads.weight().value()[i]);
  // The blocks' streams differ: the second block does not repeat the first.
  CHECK(one_thread.weight().value()[0] != one_thread.weight().value()[4096 * 3]);

  gv::Rng rng_c(12);
  const Embedding normal(400, dim, rng_c);
  const Tensor& n = normal.weight().value();
  double mean = 0, second = 0;
  for (int64_t i = 0; i < n.numel(); ++i) {
    mean += n[i];
    second += static_cast<double>(n[i]) * n[i];
  }
  mean /= static_cast<double>(n.numel());
  // 20,000 draws of N(0, 1): standard error 0.007 on the mean, 0.01 on the variance.
  CHECK(mean == Approx(0.0).margin(0.03));
  CHECK(second / static_cast<double>(n.numel()) == Approx(1.0).margin(0.05));

  gv::Rng rng_d(13);
  const Embedding zeros(7, 3, rng_d, {.init = EmbeddingInit::zeros, .padding_id = std::nullopt});
  for (int64_t i = 0; i < zeros.weight().numel(); ++i) CHECK(zeros.weight().value()[i] == 0.0f);
}

TEST_CASE("Embedding padding row starts at zero and never receives a gradient", "[embedding]") {
  gv::Rng rng(2);
  const Embedding emb(5, 3, rng, {.init = EmbeddingInit::normal, .padding_id = 0});
  const Tensor before = emb.weight().value();
  for (int64_t c = 0; c < 3; ++c) CHECK(before.at({0, c}) == 0.0f);

  const std::vector<int64_t> ids = {0, 3, 0, 2};
  const Var out = emb.forward(ids, {2, 2});
  CHECK(out.shape() == Shape{2, 2, 3});
  gv::sum(out * weights_like({2, 2, 3})).backward();
  const Tensor grad = emb.weight().total_grad();
  for (int64_t c = 0; c < 3; ++c) {
    CHECK(grad.at({0, c}) == 0.0f);
    CHECK(grad.at({3, c}) != 0.0f);  // the other looked-up rows do get theirs
    CHECK(grad.at({2, c}) != 0.0f);
  }
  gv::Sgd sgd(emb.parameters(), 0.5f);
  sgd.step();
  const Tensor& after = emb.weight().value();
  for (int64_t c = 0; c < 3; ++c) {
    CHECK(after.at({0, c}) == 0.0f);
    CHECK(after.at({3, c}) != before.at({3, c}));
  }
}

TEST_CASE("Embedding errors name the id and the vocabulary size", "[embedding][errors]") {
  gv::Rng rng(1);
  const Embedding emb(5, 2, rng);
  const std::vector<int64_t> too_big = {1, 5};
  CHECK_THROWS_AS(emb.forward(too_big), std::out_of_range);
  CHECK_THROWS_WITH(emb.forward(too_big),
                    Catch::Contains("id 5") && Catch::Contains("vocabulary of size 5"));
  const std::vector<int64_t> negative = {-1};
  CHECK_THROWS_WITH(emb.forward(negative), Catch::Contains("id -1") && Catch::Contains("size 5"));
  CHECK_THROWS_WITH(Embedding(0, 2, rng), Catch::Contains("vocab_size must be positive, got 0"));
  CHECK_THROWS_WITH(Embedding(5, -3, rng), Catch::Contains("dim must be positive, got -3"));
  CHECK_THROWS_WITH(Embedding(5, 2, rng, {.init = EmbeddingInit::normal, .padding_id = 5}),
                    Catch::Contains("padding id 5") && Catch::Contains("[0, 5)"));
}

TEST_CASE("Embedding rows stored wider hold the same values, then zeros", "[embedding]") {
  for (const EmbeddingInit init :
       {EmbeddingInit::word2vec_uniform, EmbeddingInit::normal, EmbeddingInit::zeros}) {
    INFO("init " << static_cast<int>(init));
    gv::Rng rng_narrow(5), rng_wide(5);
    gv::EmbeddingOptions options;
    options.init = init;
    const Embedding narrow(9000, 5, rng_narrow, options);  // three blocks of 4096 rows
    options.row_floats = 16;
    const Embedding wide(9000, 5, rng_wide, options);
    CHECK(wide.dim() == 5);
    CHECK(wide.row_floats() == 16);
    const Tensor& n = narrow.weight().value();
    const Tensor& w = wide.weight().value();
    REQUIRE(w.shape() == Shape{9000, 16});
    bool same = true, zero_padding = true;
    for (int64_t r = 0; r < 9000; ++r) {
      for (int64_t j = 0; j < 5; ++j) same = same && w[r * 16 + j] == n[r * 5 + j];
      for (int64_t j = 5; j < 16; ++j) zero_padding = zero_padding && w[r * 16 + j] == 0.0f;
    }
    CHECK(same);
    CHECK(zero_padding);
  }
  gv::Rng rng(1);
  gv::EmbeddingOptions narrower;
  narrower.row_floats = 4;
  CHECK_THROWS_WITH(Embedding(10, 5, rng, narrower),
                    Catch::Contains("row_floats 4 is fewer than dim 5"));
}
