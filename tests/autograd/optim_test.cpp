#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include "autograd/ops.h"
#include "autograd/optim.h"
#include "autograd/rng.h"
#include "tests/one_hot.h"

using gv::Tensor;
using gv::Var;

namespace {

// loss = Σ weights ⊙ rows, with rows read either by lookup (row-sparse grad) or by one-hot matmul.
Var lookup_loss(const Var& table, const std::vector<int64_t>& ids, const Var& weights,
                bool sparse) {
  const Var rows = sparse ? gv::gather_rows(table, ids)
                          : gv::matmul(gv::testing::one_hot(ids, table.size(0)), table);
  return gv::sum(rows * weights);
}

}  // namespace

TEST_CASE("SGD moves a dense parameter by lr times the gradient", "[optim]") {
  Var p = Var::parameter(Tensor::from({2}, {1.0f, -2.0f}));
  gv::Sgd sgd({p}, 0.1f);
  gv::sum(p * p).backward();  // gradient 2p
  sgd.step();
  CHECK(p.value()[0] == Approx(0.8f));
  CHECK(p.value()[1] == Approx(-1.6f));
}

TEST_CASE("Sparse updates equal dense ones on touched rows and leave the others alone",
          "[optim][sparse]") {
  gv::Rng rng(3);
  const Tensor init = Tensor::normal({6, 3}, 0.0f, 1.0f, rng);
  const std::vector<int64_t> ids = {1, 3, 1};  // row 1 twice: both contributions must count
  const Var weights = Var::constant(Tensor::normal({3, 3}, 0.0f, 1.0f, rng));

  using Make = std::function<std::unique_ptr<gv::Optimizer>(Var)>;
  const std::vector<std::pair<const char*, Make>> makers = {
      {"sgd", [](Var p) { return std::make_unique<gv::Sgd>(std::vector<Var>{p}, 0.1f); }},
      {"adagrad", [](Var p) { return std::make_unique<gv::Adagrad>(std::vector<Var>{p}, 0.1f); }},
      {"sparse adam",
       [](Var p) { return std::make_unique<gv::SparseAdam>(std::vector<Var>{p}, 0.1f); }},
  };
  for (const auto& [name, make] : makers) {
    INFO(name);
    Var sparse_table = Var::parameter(init);
    Var dense_table = Var::parameter(init);
    auto sparse_opt = make(sparse_table);
    auto dense_opt = make(dense_table);
    lookup_loss(sparse_table, ids, weights, true).backward();
    lookup_loss(dense_table, ids, weights, false).backward();
    CHECK_FALSE(sparse_table.has_grad());  // no dense (V, d) buffer was ever made
    CHECK(sparse_table.sparse_grad().stored_rows() == 3);
    sparse_opt->step();
    dense_opt->step();
    for (int64_t r = 0; r < 6; ++r) {
      for (int64_t j = 0; j < 3; ++j) {
        CHECK(sparse_table.value().at({r, j}) ==
              Approx(dense_table.value().at({r, j})).margin(1e-6));
        if (r != 1 && r != 3) CHECK(sparse_table.value().at({r, j}) == init.at({r, j}));
      }
    }
  }
}

TEST_CASE("Adam's and Adagrad's first step moves each element by lr against the gradient sign",
          "[optim]") {
  // Step 1: Adam's m̂ = g and v̂ = g², so m̂/√v̂ = sign(g); Adagrad's g/√(g²) likewise.
  for (int which = 0; which < 3; ++which) {
    Var p = Var::parameter(Tensor::from({3}, {0.5f, -1.0f, 2.0f}));
    std::unique_ptr<gv::Optimizer> opt;
    if (which == 0) opt = std::make_unique<gv::Adam>(std::vector<Var>{p}, 0.01f);
    if (which == 1) opt = std::make_unique<gv::SparseAdam>(std::vector<Var>{p}, 0.01f);
    if (which == 2) opt = std::make_unique<gv::Adagrad>(std::vector<Var>{p}, 0.01f);
    gv::sum(p * Var::constant(Tensor::from({3}, {3.0f, -0.001f, 0.2f}))).backward();
    opt->step();
    CHECK(p.value()[0] == Approx(0.49f).margin(1e-6));
    CHECK(p.value()[1] == Approx(-0.99f).margin(1e-5));
    CHECK(p.value()[2] == Approx(1.99f).margin(1e-6));
  }
}

TEST_CASE("Adagrad's second step divides by the root of the summed squares", "[optim]") {
  Var p = Var::parameter(Tensor::from({1}, {0.0f}));
  gv::Adagrad adagrad({p}, 1.0f);
  const Var c3 = Var::constant(Tensor::from({1}, {3.0f}));
  const Var c4 = Var::constant(Tensor::from({1}, {4.0f}));
  gv::sum(p * c3).backward();
  adagrad.step();  // -3/3 = -1
  adagrad.zero_grad();
  gv::sum(p * c4).backward();
  adagrad.step();  // -1 - 4/√(9+16) = -1.8
  CHECK(p.value()[0] == Approx(-1.8f));
}

TEST_CASE("SparseAdam is lazy: rows absent from a step keep their value, Adam's keep moving",
          "[optim][sparse]") {
  const Tensor init = Tensor::from({3, 2}, {1, 1, 1, 1, 1, 1});
  Var lazy = Var::parameter(init);
  Var dense = Var::parameter(init);
  gv::SparseAdam sparse_adam({lazy}, 0.1f);
  gv::Adam adam({dense}, 0.1f);
  const Var w = Var::constant(Tensor::from({1, 2}, {1.0f, -1.0f}));
  for (const int64_t row : {0, 2}) {  // step 1 touches row 0, step 2 only row 2
    for (Var* table : {&lazy, &dense}) {
      table->zero_grad();
      gv::sum(gv::gather_rows(*table, std::vector<int64_t>{row}) * w).backward();
    }
    sparse_adam.step();
    adam.step();
  }
  // Row 0 after step 2: SparseAdam did not visit it; Adam applied its decayed momentum.
  CHECK(lazy.value().at({0, 0}) == Approx(0.9f));
  CHECK(dense.value().at({0, 0}) < 0.9f - 0.01f);
  CHECK(lazy.value().at({1, 0}) == 1.0f);
}

TEST_CASE("Hogwild views update the shared storage", "[optim]") {
  Var table = Var::parameter(Tensor::from({2, 2}, {1, 2, 3, 4}));
  gv::Sgd sgd({table}, 0.5f);
  Var view = Var::view_of(table);
  gv::sum(gv::gather_rows(view, std::vector<int64_t>{1})).backward();
  CHECK_FALSE(table.has_sparse_grad());  // the gradient lives on the thread's view
  const std::vector<Var> views = {view};
  sgd.step(views, 0.5f);
  CHECK(table.value().at({1, 0}) == Approx(2.5f));
  CHECK(table.value().at({0, 0}) == 1.0f);
  const std::vector<Var> stranger = {Var::parameter(Tensor::zeros({2, 2}))};
  CHECK_THROWS_WITH(sgd.step(stranger, 0.5f), Catch::Contains("share storage"));
}

TEST_CASE("Hogwild workers stepping one Adam parameter each count their steps", "[optim]") {
  // Each worker touches its own row, so only the parameter's step count is shared: no step
  // may be lost, or the bias correction would depend on thread timing.
  Var table = Var::parameter(Tensor::zeros({2, 2}));
  gv::SparseAdam adam({table}, 0.01f);
  constexpr int64_t kSteps = 20000;
  std::vector<std::thread> workers;
  for (const int64_t row : {0, 1}) {
    workers.emplace_back([&, row] {
      const std::vector<Var> views = {Var::view_of(table)};
      gv::sum(gv::gather_rows(views[0], std::vector<int64_t>{row})).backward();
      for (int64_t step = 0; step < kSteps; ++step) adam.step(views, 0.01f);
    });
  }
  for (std::thread& worker : workers) worker.join();
  CHECK(adam.state().counters == std::vector<int64_t>{2 * kSteps});
}

TEST_CASE("Optimizer errors name the parameter", "[optim][errors]") {
  const Var frozen = Var::constant(Tensor::zeros({4, 2}));
  CHECK_THROWS_WITH(gv::Sgd({frozen}, 0.1f), Catch::Contains("parameter 0") &&
                                                 Catch::Contains("(4, 2)") &&
                                                 Catch::Contains("does not require a gradient"));
  Var p = Var::parameter(Tensor::zeros({3}));
  gv::Adam adam({p}, 0.1f);
  CHECK_THROWS_WITH(adam.step(), Catch::Contains("(3)") && Catch::Contains("no gradient"));
}

TEST_CASE("Linear decay follows word2vec's schedule", "[optim]") {
  const gv::LinearDecay decay(0.025f);
  CHECK(decay.at(0.0) == Approx(0.025f));
  CHECK(decay.at(0.5) == Approx(0.0125f));
  CHECK(decay.at(1.0) == Approx(0.025f * 1e-4f));
  CHECK(decay.at(2.0) == Approx(0.025f * 1e-4f));
}

namespace {

// Two Gaussian blobs at (±2, ±2) in 2-D: linearly separable with a wide margin.
struct Blobs {
  Var x, y;
  std::vector<int64_t> labels;
};
Blobs make_blobs(int64_t n, gv::Rng& rng) {
  Tensor x({n, 2}), y({n, 1});
  std::vector<int64_t> labels(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    const float sign = (i % 2) ? 1.0f : -1.0f;
    x.at({i, 0}) = 2.0f * sign + 0.5f * static_cast<float>(rng.normal());
    x.at({i, 1}) = 2.0f * sign + 0.5f * static_cast<float>(rng.normal());
    y.at({i, 0}) = (i % 2) ? 1.0f : 0.0f;
    labels[static_cast<size_t>(i)] = i % 2;
  }
  return {Var::constant(x), Var::constant(y), labels};
}

std::unique_ptr<gv::Optimizer> make_optimizer(int which, std::vector<Var> params) {
  switch (which) {
    case 0:
      return std::make_unique<gv::Sgd>(std::move(params), 0.5f);
    case 1:
      return std::make_unique<gv::Adagrad>(std::move(params), 0.3f);
    case 2:
      return std::make_unique<gv::Adam>(std::move(params), 0.05f);
    default:
      return std::make_unique<gv::SparseAdam>(std::move(params), 0.05f);
  }
}

}  // namespace

TEST_CASE("Logistic regression reaches near-zero loss with every optimizer", "[optim][e2e]") {
  for (int which = 0; which < 4; ++which) {
    INFO("optimizer " << which);
    gv::Rng rng(11);
    const Blobs data = make_blobs(64, rng);
    Var w = Var::parameter(Tensor::zeros({2, 1}));
    Var b = Var::parameter(Tensor::zeros({1}));
    auto opt = make_optimizer(which, {w, b});
    float loss = 0;
    for (int step = 0; step < 300; ++step) {
      opt->zero_grad();
      Var l = gv::binary_cross_entropy_with_logits(gv::matmul(data.x, w) + b, data.y.value());
      l.backward();
      opt->step();
      loss = l.item();
    }
    CHECK(loss < 0.02f);
  }
}

TEST_CASE("A 2-layer MLP learns XOR-like quadrants with every optimizer", "[optim][e2e]") {
  // Label = sign(x0 * x1): not linearly separable, so the hidden layer has to do real work.
  gv::Rng data_rng(5);
  const int64_t n = 64;
  Tensor x({n, 2});
  std::vector<int64_t> labels(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    const float a = (i & 1) ? 1.0f : -1.0f, c = (i & 2) ? 1.0f : -1.0f;
    x.at({i, 0}) = a * (0.5f + data_rng.uniform());
    x.at({i, 1}) = c * (0.5f + data_rng.uniform());
    labels[static_cast<size_t>(i)] = a * c > 0 ? 1 : 0;
  }
  const Var input = Var::constant(x);
  for (int which = 0; which < 4; ++which) {
    INFO("optimizer " << which);
    gv::Rng rng(17);
    Var w1 = Var::parameter(Tensor::normal({2, 16}, 0.0f, 1.0f, rng));
    Var b1 = Var::parameter(Tensor::zeros({16}));
    Var w2 = Var::parameter(Tensor::normal({16, 2}, 0.0f, 0.25f, rng));
    Var b2 = Var::parameter(Tensor::zeros({2}));
    auto opt = make_optimizer(which, {w1, b1, w2, b2});
    float loss = 0;
    for (int step = 0; step < 500; ++step) {
      opt->zero_grad();
      Var l = gv::cross_entropy(gv::matmul(gv::tanh(gv::matmul(input, w1) + b1), w2) + b2, labels);
      l.backward();
      opt->step();
      loss = l.item();
    }
    CHECK(loss < 0.05f);
  }
}
