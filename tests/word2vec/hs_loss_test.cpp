#include <catch2/catch.hpp>
#include <cmath>
#include <memory>
#include <vector>

#include "autograd/ops.h"
#include "autograd/rng.h"
#include "tests/word2vec/composed_losses.h"
#include "tests/word2vec/loss_checks.h"
#include "word2vec/losses/hs/hs_loss.h"

using gv::Tensor;
using gv::Var;

namespace {

// The tree of huffman_tree_test's known counts: word 0 has path (3) codes (0), word 3 path
// (3 2 1 0) codes (1 1 1 1), word 4 path (3 2 1 0) codes (1 1 1 0), word 2 path (3 2 1)
// codes (1 1 0).
std::shared_ptr<const gv::HuffmanTree> small_tree() {
  const std::vector<int64_t> counts = {5, 4, 2, 2, 1};
  return std::make_shared<const gv::HuffmanTree>(counts);
}

// Four groups over 6 rows of h; word 3 is predicted twice and nodes 3 2 1 0 are on several
// paths, so the gradients that reach a node from several paths must add up.
std::shared_ptr<gv::HsBatch> small_batch() {
  auto batch = std::make_shared<gv::HsBatch>();
  batch->tree = small_tree();
  batch->add_rows_group(3, 2);
  batch->add_rows_group(0, 1);
  batch->add_rows_group(4, 2);
  batch->add_rows_group(3, 1);
  return batch;
}

// small_batch's groups as skip-gram makes them, on W_in's rows: 6 ids, with rows 1 and 4 each
// in two groups, so their gradients must add up in one sparse entry each.
std::shared_ptr<gv::HsBatch> small_table_batch() {
  auto batch = std::make_shared<gv::HsBatch>();
  batch->tree = small_tree();
  const std::vector<int64_t> first = {1, 4}, second = {2}, third = {1, 0}, fourth = {4};
  batch->add_table_group(3, first);
  batch->add_table_group(0, second);
  batch->add_table_group(4, third);
  batch->add_table_group(3, fourth);
  return batch;
}

// hs_loss<Inputs> against its composed twin (check_fused_equals_composed) on copies of `in` and
// `nodes`: the node table gets one sparse entry per node the batch's paths reach, all 4 of
// small_tree's however many steps reach them; `in` gets in_rows entries, or a dense gradient.
template <class Inputs>
gv::testing::FusedGrads check_against_composed(const Tensor& in, const Tensor& nodes,
                                               const std::shared_ptr<gv::HsBatch>& batch,
                                               int64_t in_rows) {
  return gv::testing::check_fused_equals_composed(
      in, nodes,
      [&](const Var& rows, const Var& node_table) {
        return gv::hs_loss<Inputs>(rows, node_table, batch);
      },
      [&](const Var& rows, const Var& node_table) {
        return gv::testing::hs_loss_composed<Inputs>(rows, node_table, *batch);
      },
      in_rows, /*out_rows=*/4);
}

}  // namespace

TEST_CASE("Fused HS on W_in's rows equals the composed ops in value and gradient", "[hs]") {
  gv::Rng rng(11);
  const Tensor w_in = Tensor::normal({5, 4}, 0.0f, 0.7f, rng);
  const Tensor nodes = Tensor::normal({5, 4}, 0.0f, 0.7f, rng);
  const std::shared_ptr<gv::HsBatch> batch = small_table_batch();
  // Row-sparse to W_in, one entry per distinct row: 0, 1, 2 and 4.
  const gv::testing::FusedGrads grads =
      check_against_composed<gv::TableInputs>(w_in, nodes, batch, /*in_rows=*/4);
  for (int64_t c = 0; c < 4; ++c) CHECK(grads.in.at({3, c}) == 0.0f);  // word 3 is no input
}

TEST_CASE("Fused HS on W_in's rows passes gradcheck", "[hs][gradcheck]") {
  const std::shared_ptr<gv::HsBatch> batch = small_table_batch();
  gv::testing::check_loss_gradients(
      [&](const Var& w_in, const Var& nodes) {
        return gv::hs_loss<gv::TableInputs>(w_in, nodes, batch);
      },
      {5, 3}, {4, 3}, /*seed=*/5);
}

TEST_CASE("Fused HS on dense rows equals the composed ops in value and gradient", "[hs]") {
  gv::Rng rng(9);
  const Tensor h = Tensor::normal({6, 5}, 0.0f, 0.7f, rng);
  const Tensor nodes = Tensor::normal({5, 5}, 0.0f, 0.7f, rng);  // V rows, the last unused
  const std::shared_ptr<gv::HsBatch> batch = small_batch();
  CHECK(batch->rows() == 6);

  // Dense to h; 4 + 1 + 4 + 4 path steps.
  const gv::testing::FusedGrads grads =
      check_against_composed<gv::DenseInputs>(h, nodes, batch, gv::testing::kDenseGrad);
  for (int64_t c = 0; c < 5; ++c) CHECK(grads.out.at({4, c}) == 0.0f);  // row V-1: no inner node
}

TEST_CASE("Fused HS on dense rows passes gradcheck", "[hs][gradcheck]") {
  const std::shared_ptr<gv::HsBatch> batch = small_batch();
  gv::testing::check_loss_gradients(
      [&](const Var& h, const Var& nodes) { return gv::hs_loss<gv::DenseInputs>(h, nodes, batch); },
      {6, 5}, {4, 5}, /*seed=*/4);
}

TEST_CASE("HS with a zero node table: every step costs log 2, gradients ∓h/2", "[hs]") {
  // u = 0 makes every logit 0: a step costs -log σ(0) = log 2, dL/dh = 0, and
  // dL/du = (σ(0) - (1 - b)) h = -h/2 on branch 0, +h/2 on branch 1.
  // Word 2's path: nodes 3 2 1, codes 1 1 0.
  auto batch = std::make_shared<gv::HsBatch>();
  batch->tree = small_tree();
  batch->add_rows_group(2, 1);
  Var h = Var::parameter(Tensor::from({1, 2}, {1.0f, -2.0f}));
  Var nodes = Var::parameter(Tensor::zeros({4, 2}));
  Var loss = gv::hs_loss<gv::DenseInputs>(h, nodes, batch);
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

TEST_CASE("HS loss stays finite for huge logits", "[hs]") {
  // Two words, one merge: word 1 (taken first) is branch 0 at the root, word 0 branch 1.
  // With x = 100, word 0 costs softplus(100) = 100 and word 1 softplus(-100) ≈ 0.
  const std::vector<int64_t> counts = {2, 1};
  auto batch = std::make_shared<gv::HsBatch>();
  batch->tree = std::make_shared<const gv::HuffmanTree>(counts);
  batch->add_rows_group(0, 1);
  batch->add_rows_group(1, 1);
  Var h = Var::parameter(Tensor::from({2, 1}, {10.0f, 10.0f}));
  Var nodes = Var::parameter(Tensor::from({1, 1}, {10.0f}));
  Var loss = gv::hs_loss<gv::DenseInputs>(h, nodes, batch);
  CHECK(loss.item() == Approx(100.0f));
  loss.backward();
  // dL/dh = σ(100) u ≈ 10 for word 0's row, (σ(100) - 1) u ≈ 0 for word 1's.
  CHECK(h.total_grad()[0] == Approx(10.0f));
  CHECK(h.total_grad()[1] == Approx(0.0f).margin(1e-6));
}

TEST_CASE("HS rejects words outside the tree and mismatched shapes", "[hs][errors]") {
  const std::shared_ptr<gv::HsBatch> batch = small_batch();
  Var h = Var::parameter(Tensor::zeros({6, 5}));
  CHECK_THROWS_WITH(gv::hs_loss<gv::DenseInputs>(h, Var::parameter(Tensor::zeros({3, 5})), batch),
                    Catch::Contains("(3, 5)") && Catch::Contains("4 inner nodes"));
  CHECK_THROWS_WITH(gv::hs_loss<gv::DenseInputs>(h, Var::parameter(Tensor::zeros({4, 4})), batch),
                    Catch::Contains("(6, 5)") && Catch::Contains("(4, 4)"));
  Var nodes = Var::parameter(Tensor::zeros({4, 5}));
  CHECK_THROWS_WITH(
      gv::hs_loss<gv::DenseInputs>(Var::parameter(Tensor::zeros({5, 5})), nodes, batch),
      Catch::Contains("cover 6 rows"));
  CHECK_THROWS_WITH(gv::hs_loss<gv::DenseInputs>(h, nodes * 2.0f, batch), Catch::Contains("leaf"));
  batch->add_rows_group(5, 0);
  CHECK_THROWS_WITH(gv::hs_loss<gv::DenseInputs>(h, nodes, batch),
                    Catch::Contains("word 5") && Catch::Contains("5 words"));

  const std::shared_ptr<gv::HsBatch> table_batch = small_table_batch();
  Var w_in = Var::parameter(Tensor::zeros({3, 5}));  // ids 4 is past its 3 rows
  CHECK_THROWS_WITH(gv::hs_loss<gv::TableInputs>(w_in, nodes, table_batch),
                    Catch::Contains("id 4") && Catch::Contains("3 rows"));
  CHECK_THROWS_WITH(
      gv::hs_loss<gv::TableInputs>(Var::parameter(Tensor::zeros({5, 4})), nodes, table_batch),
      Catch::Contains("(5, 4)") && Catch::Contains("(4, 5)"));
}
