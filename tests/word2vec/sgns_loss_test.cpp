#include <catch2/catch.hpp>
#include <cmath>
#include <memory>
#include <vector>

#include "autograd/ops.h"
#include "autograd/rng.h"
#include "tests/word2vec/composed_losses.h"
#include "tests/word2vec/loss_checks.h"
#include "word2vec/losses/sgns/sgns_loss.h"

using gv::Tensor;
using gv::Var;

namespace {

// Two groups over a 7-word vocabulary; word 2 is an input twice and an output twice, so
// repeated rows in both sparse gradients must add up.
std::shared_ptr<gv::SgnsBatch> small_batch() {
  auto batch = std::make_shared<gv::SgnsBatch>();
  batch->negatives = 2;
  const int64_t inputs_a[] = {1, 2, 3}, outputs_a[] = {0, 2, 6};
  const int64_t inputs_b[] = {2, 5}, outputs_b[] = {4, 2, 1};
  batch->add_table_group(inputs_a, 3, outputs_a);
  batch->add_table_group(inputs_b, 2, outputs_b);
  return batch;
}

}  // namespace

TEST_CASE("Fused SGNS loss equals the composed ops in value and gradient", "[sgns]") {
  gv::Rng rng(9);
  const Tensor in = Tensor::normal({7, 5}, 0.0f, 0.7f, rng);
  const Tensor out = Tensor::normal({7, 5}, 0.0f, 0.7f, rng);
  const std::shared_ptr<gv::SgnsBatch> batch = small_batch();
  CHECK(batch->pairs() == 15);
  gv::testing::check_fused_equals_composed(
      in, out,
      [&](const Var& w_in, const Var& w_out) {
        return gv::sgns_loss<gv::TableInputs>(w_in, w_out, batch);
      },
      [&](const Var& w_in, const Var& w_out) {
        return gv::testing::sgns_loss_composed<gv::TableInputs>(w_in, w_out, *batch);
      },
      /*in_rows=*/4, /*out_rows=*/5);  // one per distinct id: inputs 1 2 3 5, outputs 0 2 6 4 1
}

TEST_CASE("Fused SGNS loss passes gradcheck", "[sgns][gradcheck]") {
  const std::shared_ptr<gv::SgnsBatch> batch = small_batch();
  gv::testing::check_loss_gradients(
      [&](const Var& w_in, const Var& w_out) {
        return gv::sgns_loss<gv::TableInputs>(w_in, w_out, batch);
      },
      {7, 5}, {7, 5}, /*seed=*/4);
}

TEST_CASE("SGNS with a zero output table: every pair costs log 2, gradients ∓v/2", "[sgns]") {
  // u = 0 makes every logit 0: loss per pair = -log σ(0) = log 2, dL/dv = 0, and
  // dL/du = (σ(0) - y) v = -v/2 for the positive, +v/2 for a negative.
  auto batch = std::make_shared<gv::SgnsBatch>();
  batch->negatives = 1;
  const int64_t inputs[] = {0}, outputs[] = {1, 2};
  batch->add_table_group(inputs, 1, outputs);
  Var w_in = Var::parameter(Tensor::from({3, 2}, {1.0f, -2.0f, 0, 0, 0, 0}));
  Var w_out = Var::parameter(Tensor::zeros({3, 2}));
  Var loss = gv::sgns_loss<gv::TableInputs>(w_in, w_out, batch);
  CHECK(loss.item() == Approx(2.0 * std::log(2.0)));
  loss.backward();
  const Tensor gi = w_in.total_grad(), go = w_out.total_grad();
  for (int64_t k = 0; k < gi.numel(); ++k) CHECK(gi[k] == 0.0f);
  CHECK(go.at({1, 0}) == Approx(-0.5f));
  CHECK(go.at({1, 1}) == Approx(1.0f));
  CHECK(go.at({2, 0}) == Approx(0.5f));
  CHECK(go.at({2, 1}) == Approx(-1.0f));
  CHECK(go.at({0, 0}) == 0.0f);
}

TEST_CASE("SGNS loss stays finite for huge logits", "[sgns]") {
  auto batch = std::make_shared<gv::SgnsBatch>();
  batch->negatives = 1;
  const int64_t inputs[] = {0}, outputs[] = {0, 0};
  batch->add_table_group(inputs, 1, outputs);
  // x = 100 for both pairs: the positive costs softplus(-100) ≈ 0, the negative softplus(100) =
  // 100.
  Var w_in = Var::parameter(Tensor::from({1, 1}, {10.0f}));
  Var w_out = Var::parameter(Tensor::from({1, 1}, {10.0f}));
  Var loss = gv::sgns_loss<gv::TableInputs>(w_in, w_out, batch);
  CHECK(loss.item() == Approx(100.0f));
  loss.backward();
  // dL/dv = (σ(100) - 1) u + σ(100) u ≈ 10
  CHECK(w_in.total_grad()[0] == Approx(10.0f));
}

TEST_CASE("SGNS rejects ids outside the tables", "[sgns][errors]") {
  const std::shared_ptr<gv::SgnsBatch> batch = small_batch();
  Var w_in = Var::parameter(Tensor::zeros({6, 5}));  // id 6 appears among the outputs only
  Var w_out = Var::parameter(Tensor::zeros({6, 5}));
  CHECK_THROWS_WITH(gv::sgns_loss<gv::TableInputs>(w_in, w_out, batch),
                    Catch::Contains("id 6") && Catch::Contains("6 rows"));
  Var narrow = Var::parameter(Tensor::zeros({7, 4}));
  Var wide = Var::parameter(Tensor::zeros({7, 5}));
  CHECK_THROWS_WITH(gv::sgns_loss<gv::TableInputs>(narrow, wide, batch), Catch::Contains("(7, 4)"));
}

namespace {

// Input rows built from bags of W_in rows, as CBOW and subwords build them: three bags, word 2
// twice in the first and once in the second. Group a scores the first two rows (skip-gram with
// subwords: two contexts of one centre), group b the third (CBOW: one row per centre); word 1
// is an output of both groups.
const std::vector<int64_t> kBagIds = {2, 3, 2, 2, 5, 5};
const std::vector<int64_t> kBagOffsets = {0, 3, 5, 6};

std::shared_ptr<gv::SgnsBatch> rows_batch() {
  auto batch = std::make_shared<gv::SgnsBatch>();
  batch->negatives = 2;
  const int64_t outputs_a[] = {0, 1, 6}, outputs_b[] = {4, 1, 3};
  batch->add_rows_group(2, outputs_a);
  batch->add_rows_group(1, outputs_b);
  return batch;
}

Var bag_means(const Var& w_in) {
  return gv::embedding_bag(w_in, kBagIds, kBagOffsets);  // (3, d)
}

}  // namespace

TEST_CASE("Fused SGNS on rows of bag means equals the composed ops in value and gradient",
          "[sgns][cbow][subwords]") {
  gv::Rng rng(5);
  const Tensor in = Tensor::normal({7, 5}, 0.0f, 0.7f, rng);
  const Tensor out = Tensor::normal({7, 5}, 0.0f, 0.7f, rng);
  const std::shared_ptr<gv::SgnsBatch> batch = rows_batch();
  CHECK(batch->pairs() == 3 * 3);  // three input rows, each against its group's three outputs
  gv::testing::check_fused_equals_composed(
      in, out,
      [&](const Var& w_in, const Var& w_out) {
        return gv::sgns_loss<gv::DenseInputs>(bag_means(w_in), w_out, batch);
      },
      [&](const Var& w_in, const Var& w_out) {
        return gv::testing::sgns_loss_composed<gv::DenseInputs>(bag_means(w_in), w_out, *batch);
      },
      /*in_rows=*/3, /*out_rows=*/5);  // one per distinct id: bag ids 2 3 5, outputs 0 1 6 4 3
}

TEST_CASE("Fused SGNS passes gradcheck on dense rows and through the bag means",
          "[sgns][cbow][subwords][gradcheck]") {
  const std::shared_ptr<gv::SgnsBatch> batch = rows_batch();
  gv::testing::check_loss_gradients(
      [&](const Var& h, const Var& w_out) {
        return gv::sgns_loss<gv::DenseInputs>(h, w_out, batch);
      },
      {3, 5}, {7, 5}, /*seed=*/6);
  gv::testing::check_loss_gradients(
      [&](const Var& w_in, const Var& w_out) {
        return gv::sgns_loss<gv::DenseInputs>(bag_means(w_in), w_out, batch);
      },
      {7, 5}, {7, 5}, /*seed=*/7);
}

TEST_CASE("SGNS ops refuse a batch of the other kind and rows that do not match the groups",
          "[sgns][cbow][errors]") {
  Var table = Var::parameter(Tensor::zeros({7, 5}));
  CHECK_THROWS_WITH(gv::sgns_loss<gv::TableInputs>(table, table, rows_batch()),
                    Catch::Contains("sgns_loss") && Catch::Contains("0 input ids"));
  CHECK_THROWS_WITH(
      gv::sgns_loss<gv::DenseInputs>(Var::parameter(Tensor::zeros({4, 5})), table, small_batch()),
      Catch::Contains("sgns_rows_loss") && Catch::Contains("(4, 5)") &&
          Catch::Contains("groups of 5 inputs"));
  CHECK_THROWS_WITH(
      gv::sgns_loss<gv::DenseInputs>(Var::parameter(Tensor::zeros({2, 5})), table, rows_batch()),
      Catch::Contains("(2, 5)") && Catch::Contains("groups of 3 inputs"));
  CHECK_THROWS_WITH(
      gv::sgns_loss<gv::DenseInputs>(Var::parameter(Tensor::zeros({3, 4})), table, rows_batch()),
      Catch::Contains("(3, 4)") && Catch::Contains("(7, 5)"));
}

TEST_CASE("The SGNS loss stays finite for as many negatives as training allows", "[sgns][bounds]") {
  // W_out zero: every logit is 0 and every pair costs log 2. One product of K + 1 factors of 2
  // once overflowed to inf from K = 128.
  for (const int64_t k : {int64_t{126}, int64_t{127}, int64_t{1000}}) {
    auto batch = std::make_shared<gv::SgnsBatch>();
    batch->negatives = k;
    const int64_t inputs[] = {0, 1};
    std::vector<int64_t> outputs(static_cast<size_t>(k + 1));
    for (size_t j = 0; j < outputs.size(); ++j) outputs[j] = static_cast<int64_t>(j % 3);
    batch->add_table_group(inputs, 2, outputs.data());
    const Var w_in = Var::parameter(Tensor::full({3, 4}, 0.5f));
    const Var w_out = Var::parameter(Tensor::zeros({3, 4}));
    const float loss = gv::sgns_loss<gv::TableInputs>(w_in, w_out, batch).item();
    CHECK(loss == Approx(2.0 * double(k + 1) * std::log(2.0)).epsilon(1e-5));
  }
}
