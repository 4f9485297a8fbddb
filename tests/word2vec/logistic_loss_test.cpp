#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <memory>
#include <vector>

#include "autograd/ops.h"
#include "autograd/rng.h"
#include "tests/word2vec/composed_losses.h"
#include "tests/word2vec/logistic_groups.h"
#include "tests/word2vec/loss_checks.h"
#include "word2vec/losses/hs/huffman_tree.h"
#include "word2vec/losses/logistic_loss.h"

using gv::LogisticGroups;
using gv::Tensor;
using gv::Var;
using namespace gv::testing;

TEST_CASE("Fused logistic loss on SGNS groups equals the composed ops in value and gradient",
          "[logistic][sgns]") {
  gv::Rng rng(9);
  const Tensor in = Tensor::normal({7, 5}, 0.0f, 0.7f, rng);
  const Tensor out = Tensor::normal({7, 5}, 0.0f, 0.7f, rng);
  const std::shared_ptr<LogisticGroups> groups = sgns_groups();
  CHECK(groups->pairs() == 15);
  gv::testing::check_fused_equals_composed(
      in, out,
      [&](const Var& w_in, const Var& w_out) {
        return gv::logistic_loss<gv::TableInputs>(w_in, w_out, groups);
      },
      [&](const Var& w_in, const Var& w_out) {
        return gv::testing::logistic_loss_composed<gv::TableInputs>(w_in, w_out, *groups);
      },
      /*in_rows=*/4, /*out_rows=*/5);  // one per distinct id: inputs 1 2 3 5, outputs 0 2 6 4 1
}

TEST_CASE("Fused logistic loss on SGNS groups passes gradcheck", "[logistic][sgns][gradcheck]") {
  const std::shared_ptr<LogisticGroups> groups = sgns_groups();
  gv::testing::check_loss_gradients(
      [&](const Var& w_in, const Var& w_out) {
        return gv::logistic_loss<gv::TableInputs>(w_in, w_out, groups);
      },
      {7, 5}, {7, 5}, /*seed=*/4);
}

TEST_CASE("SGNS with a zero output table: every pair costs log 2, gradients ∓v/2",
          "[logistic][sgns]") {
  // u = 0 makes every logit 0: loss per pair = -log σ(0) = log 2, dL/dv = 0, and
  // dL/du = (σ(0) - y) v = -v/2 for the positive, +v/2 for a negative.
  auto groups = std::make_shared<LogisticGroups>();
  add_table(*groups, {0}, {1, 2}, sgns_labels(1));
  Var w_in = Var::parameter(Tensor::from({3, 2}, {1.0f, -2.0f, 0, 0, 0, 0}));
  Var w_out = Var::parameter(Tensor::zeros({3, 2}));
  Var loss = gv::logistic_loss<gv::TableInputs>(w_in, w_out, groups);
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

TEST_CASE("The logistic loss stays finite for huge logits", "[logistic][sgns]") {
  auto groups = std::make_shared<LogisticGroups>();
  add_table(*groups, {0}, {0, 0}, sgns_labels(1));
  // x = 100 for both pairs: the positive costs softplus(-100) ≈ 0, the negative softplus(100) =
  // 100.
  Var w_in = Var::parameter(Tensor::from({1, 1}, {10.0f}));
  Var w_out = Var::parameter(Tensor::from({1, 1}, {10.0f}));
  Var loss = gv::logistic_loss<gv::TableInputs>(w_in, w_out, groups);
  CHECK(loss.item() == Approx(100.0f));
  loss.backward();
  // dL/dv = (σ(100) - 1) u + σ(100) u ≈ 10
  CHECK(w_in.total_grad()[0] == Approx(10.0f));
}

TEST_CASE("The logistic loss rejects ids outside the tables", "[logistic][errors]") {
  const std::shared_ptr<LogisticGroups> groups = sgns_groups();
  Var w_in = Var::parameter(Tensor::zeros({6, 5}));  // id 6 appears among the outputs only
  Var w_out = Var::parameter(Tensor::zeros({6, 5}));
  CHECK_THROWS_WITH(gv::logistic_loss<gv::TableInputs>(w_in, w_out, groups),
                    Catch::Contains("id 6") && Catch::Contains("6 rows"));
  Var narrow = Var::parameter(Tensor::zeros({7, 4}));
  Var wide = Var::parameter(Tensor::zeros({7, 5}));
  CHECK_THROWS_WITH(gv::logistic_loss<gv::TableInputs>(narrow, wide, groups),
                    Catch::Contains("(7, 4)"));
  CHECK_THROWS_WITH(gv::logistic_loss<gv::TableInputs>(wide, wide * 2.0f, groups),
                    Catch::Contains("leaf"));
}

TEST_CASE("Fused logistic loss on rows of bag means equals the composed ops in value and gradient",
          "[logistic][sgns][cbow][subwords]") {
  gv::Rng rng(5);
  const Tensor in = Tensor::normal({7, 5}, 0.0f, 0.7f, rng);
  const Tensor out = Tensor::normal({7, 5}, 0.0f, 0.7f, rng);
  const std::shared_ptr<LogisticGroups> groups = sgns_rows_groups();
  CHECK(groups->pairs() == 3 * 3);  // three input rows, each against its group's three outputs
  gv::testing::check_fused_equals_composed(
      in, out,
      [&](const Var& w_in, const Var& w_out) {
        return gv::logistic_loss<gv::DenseInputs>(bag_means(w_in), w_out, groups);
      },
      [&](const Var& w_in, const Var& w_out) {
        return gv::testing::logistic_loss_composed<gv::DenseInputs>(bag_means(w_in), w_out,
                                                                    *groups);
      },
      /*in_rows=*/3, /*out_rows=*/5);  // one per distinct id: bag ids 2 3 5, outputs 0 1 6 4 3
}

TEST_CASE("Fused logistic loss passes gradcheck on dense rows and through the bag means",
          "[logistic][sgns][cbow][subwords][gradcheck]") {
  const std::shared_ptr<LogisticGroups> groups = sgns_rows_groups();
  gv::testing::check_loss_gradients(
      [&](const Var& h, const Var& w_out) {
        return gv::logistic_loss<gv::DenseInputs>(h, w_out, groups);
      },
      {3, 5}, {7, 5}, /*seed=*/6);
  gv::testing::check_loss_gradients(
      [&](const Var& w_in, const Var& w_out) {
        return gv::logistic_loss<gv::DenseInputs>(bag_means(w_in), w_out, groups);
      },
      {7, 5}, {7, 5}, /*seed=*/7);
}

TEST_CASE("Rows of a group with no outputs get a zero gradient, not a stale one",
          "[logistic][cbow]") {
  auto groups = std::make_shared<LogisticGroups>();
  add_rows(*groups, 2, {0, 1, 6}, sgns_labels(2));
  add_rows(*groups, 1, {}, {});  // row 2: no terms
  gv::Rng rng(8);
  const Tensor in = Tensor::normal({3, 5}, 0.0f, 0.7f, rng);
  const Tensor out = Tensor::normal({7, 5}, 0.0f, 0.7f, rng);
  const gv::testing::FusedGrads grads = gv::testing::check_fused_equals_composed(
      in, out,
      [&](const Var& h, const Var& w_out) {
        return gv::logistic_loss<gv::DenseInputs>(h, w_out, groups);
      },
      [&](const Var& h, const Var& w_out) {
        return gv::testing::logistic_loss_composed<gv::DenseInputs>(h, w_out, *groups);
      },
      gv::testing::kDenseGrad, /*out_rows=*/3);
  for (int64_t c = 0; c < 5; ++c) CHECK(grads.in.at({2, c}) == 0.0f);
}

TEST_CASE("The logistic ops refuse groups of the other kind and rows that do not match them",
          "[logistic][cbow][errors]") {
  Var table = Var::parameter(Tensor::zeros({7, 5}));
  CHECK_THROWS_WITH(gv::logistic_loss<gv::TableInputs>(table, table, sgns_rows_groups()),
                    Catch::Contains("logistic_loss") && Catch::Contains("0 input ids"));
  CHECK_THROWS_WITH(gv::logistic_loss<gv::DenseInputs>(Var::parameter(Tensor::zeros({4, 5})), table,
                                                       sgns_groups()),
                    Catch::Contains("logistic_rows_loss") && Catch::Contains("(4, 5)") &&
                        Catch::Contains("groups of 5 inputs"));
  CHECK_THROWS_WITH(gv::logistic_loss<gv::DenseInputs>(Var::parameter(Tensor::zeros({2, 5})), table,
                                                       sgns_rows_groups()),
                    Catch::Contains("(2, 5)") && Catch::Contains("groups of 3 inputs"));
  CHECK_THROWS_WITH(gv::logistic_loss<gv::DenseInputs>(Var::parameter(Tensor::zeros({3, 4})), table,
                                                       sgns_rows_groups()),
                    Catch::Contains("(3, 4)") && Catch::Contains("(7, 5)"));
}

TEST_CASE("The logistic loss stays finite for as many negatives as training allows",
          "[logistic][sgns][bounds]") {
  // W_out zero: every logit is 0 and every pair costs log 2. One product of K + 1 factors of 2
  // once overflowed to inf from K = 128.
  for (const int64_t k : {int64_t{126}, int64_t{127}, int64_t{1000}}) {
    auto groups = std::make_shared<LogisticGroups>();
    std::vector<int64_t> outputs(static_cast<size_t>(k + 1));
    for (size_t j = 0; j < outputs.size(); ++j) outputs[j] = static_cast<int64_t>(j % 3);
    add_table(*groups, {0, 1}, outputs, sgns_labels(k));
    const Var w_in = Var::parameter(Tensor::full({3, 4}, 0.5f));
    const Var w_out = Var::parameter(Tensor::zeros({3, 4}));
    const float loss = gv::logistic_loss<gv::TableInputs>(w_in, w_out, groups).item();
    CHECK(loss == Approx(2.0 * double(k + 1) * std::log(2.0)).epsilon(1e-5));
  }
}

TEST_CASE("A word's path as the logistic loss scores it: its nodes, labelled 1 - code",
          "[logistic][hs]") {
  std::vector<int64_t> nodes(3);
  std::vector<float> labels(3);
  small_tree().path(2, nodes, labels);  // path (3 2 1), codes (1 1 0)
  CHECK(nodes == std::vector<int64_t>{3, 2, 1});
  CHECK(labels == std::vector<float>{0.0f, 0.0f, 1.0f});
  std::vector<int64_t> root(1);
  std::vector<float> root_label(1);
  small_tree().path(0, root, root_label);  // path (3), code (0)
  CHECK(root == std::vector<int64_t>{3});
  CHECK(root_label == std::vector<float>{1.0f});
  CHECK_THROWS_WITH(small_tree().path(5, nodes, labels),
                    Catch::Contains("word 5") && Catch::Contains("5 words"));
  CHECK_THROWS_WITH(small_tree().path(0, nodes, labels), Catch::Contains("1 steps, not 3"));
}

TEST_CASE("Fused logistic loss on HS groups of W_in's rows equals the composed ops",
          "[logistic][hs]") {
  gv::Rng rng(11);
  const Tensor w_in = Tensor::normal({5, 4}, 0.0f, 0.7f, rng);
  const Tensor nodes = Tensor::normal({5, 4}, 0.0f, 0.7f, rng);
  const std::shared_ptr<LogisticGroups> groups = hs_table_groups();
  // Row-sparse to W_in, one entry per distinct row: 0, 1, 2 and 4; to the nodes, one per node
  // the paths reach: all 4 of small_tree's.
  const gv::testing::FusedGrads grads = gv::testing::check_fused_equals_composed(
      w_in, nodes,
      [&](const Var& in, const Var& table) {
        return gv::logistic_loss<gv::TableInputs>(in, table, groups);
      },
      [&](const Var& in, const Var& table) {
        return hs_composed<gv::TableInputs>(in, table, *groups, {3, 0, 4, 3});
      },
      /*in_rows=*/4, /*out_rows=*/4);
  for (int64_t c = 0; c < 4; ++c) CHECK(grads.in.at({3, c}) == 0.0f);  // word 3 is no input
}

TEST_CASE("Fused logistic loss on HS groups of W_in's rows passes gradcheck",
          "[logistic][hs][gradcheck]") {
  const std::shared_ptr<LogisticGroups> groups = hs_table_groups();
  gv::testing::check_loss_gradients(
      [&](const Var& w_in, const Var& nodes) {
        return gv::logistic_loss<gv::TableInputs>(w_in, nodes, groups);
      },
      {5, 3}, {4, 3}, /*seed=*/5);
}

TEST_CASE("Fused logistic loss on HS groups of dense rows equals the composed ops",
          "[logistic][hs]") {
  gv::Rng rng(9);
  const Tensor h = Tensor::normal({6, 5}, 0.0f, 0.7f, rng);
  const Tensor nodes = Tensor::normal({5, 5}, 0.0f, 0.7f, rng);  // V rows, the last unused
  const std::shared_ptr<LogisticGroups> groups = hs_groups();
  CHECK(groups->input_count() == 6);
  CHECK(groups->pairs() == 2 * 4 + 1 * 1 + 2 * 4 + 1 * 4);  // rows × path length per group
  // Dense to h.
  const gv::testing::FusedGrads grads = gv::testing::check_fused_equals_composed(
      h, nodes,
      [&](const Var& rows, const Var& table) {
        return gv::logistic_loss<gv::DenseInputs>(rows, table, groups);
      },
      [&](const Var& rows, const Var& table) {
        return hs_composed<gv::DenseInputs>(rows, table, *groups, {3, 0, 4, 3});
      },
      gv::testing::kDenseGrad, /*out_rows=*/4);
  for (int64_t c = 0; c < 5; ++c) CHECK(grads.out.at({4, c}) == 0.0f);  // row V-1: no inner node
}

TEST_CASE("Fused logistic loss on HS groups of dense rows passes gradcheck",
          "[logistic][hs][gradcheck]") {
  const std::shared_ptr<LogisticGroups> groups = hs_groups();
  gv::testing::check_loss_gradients(
      [&](const Var& h, const Var& nodes) {
        return gv::logistic_loss<gv::DenseInputs>(h, nodes, groups);
      },
      {6, 5}, {4, 5}, /*seed=*/4);
}

TEST_CASE("HS with a zero node table: every step costs log 2, gradients ∓h/2", "[logistic][hs]") {
  // u = 0 makes every logit 0: a step costs -log σ(0) = log 2, dL/dh = 0, and
  // dL/du = (σ(0) - (1 - b)) h = -h/2 on branch 0, +h/2 on branch 1.
  // Word 2's path: nodes 3 2 1, codes 1 1 0.
  const std::shared_ptr<LogisticGroups> groups = HsGroups().rows(2, 1).groups;
  Var h = Var::parameter(Tensor::from({1, 2}, {1.0f, -2.0f}));
  Var nodes = Var::parameter(Tensor::zeros({4, 2}));
  Var loss = gv::logistic_loss<gv::DenseInputs>(h, nodes, groups);
  CHECK(loss.item() == Approx(3.0 * std::log(2.0)));
  loss.backward();
  const Tensor gh = h.total_grad(), gn = nodes.total_grad();
  CHECK(gh[0] == 0.0f);
  CHECK(gh[1] == 0.0f);
  const float expected[4][2] = {{0, 0}, {-0.5f, 1.0f}, {0.5f, -1.0f}, {0.5f, -1.0f}};
  for (int64_t n = 0; n < 4; ++n) {
    CHECK(gn.at({n, 0}) == Approx(expected[n][0]));
    CHECK(gn.at({n, 1}) == Approx(expected[n][1]));
  }
}

TEST_CASE("HS refuses nodes outside the node table", "[logistic][hs][errors]") {
  const std::shared_ptr<LogisticGroups> groups = hs_groups();
  Var h = Var::parameter(Tensor::zeros({6, 5}));
  // Node 3, the root, is past a table of 3 rows.
  CHECK_THROWS_WITH(
      gv::logistic_loss<gv::DenseInputs>(h, Var::parameter(Tensor::zeros({3, 5})), groups),
      Catch::Contains("id 3") && Catch::Contains("3 rows"));
  CHECK_THROWS_WITH(
      gv::logistic_loss<gv::DenseInputs>(Var::parameter(Tensor::zeros({5, 5})),
                                         Var::parameter(Tensor::zeros({4, 5})), groups),
      Catch::Contains("groups of 6 inputs"));
}
