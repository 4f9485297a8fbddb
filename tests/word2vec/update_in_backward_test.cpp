// Optimizer-in-backward (Optimizer::update_in_backward, Node::sgd_lr_in_backward): SGD applied
// by the logistic loss's and the embedding bag's backward to each row as it makes the row's
// gradient, against the gradient of the composed ops followed by an SGD step.
#include <catch2/catch.hpp>
#include <cstdint>
#include <memory>
#include <vector>

#include "autograd/optim.h"
#include "autograd/rng.h"
#include "tests/word2vec/composed_losses.h"
#include "tests/word2vec/logistic_groups.h"
#include "tests/word2vec/loss_checks.h"
#include "word2vec/losses/logistic_loss.h"

using gv::LogisticGroups;
using gv::Tensor;
using gv::Var;
using namespace gv::testing;

namespace {

// Optimizer-in-backward (Optimizer::update_in_backward) against the path it shortcuts: `loss`
// on Hogwild views of copies of in and out whose SGD update the backward applies, then the
// step, and the composed twin's gradient applied by a plain SGD step. With no row in two groups
// of the batch, and groups that fit one block of the kernel (at most kGradRows inputs, and 5
// outputs, the narrowest variant's tile) with rows of kWidth floats, at least one vector in
// every variant, no row is read after it was updated, so the tables must agree to rounding (the
// in-place path adds lr × each term, the other lr × their sum). Checks too that the ops
// left no gradient row of either table for the step.
constexpr int64_t kWidth = 37;  // two of AVX-512's vectors and a tail

void check_update_in_backward(const Tensor& in, const Tensor& out,
                              const gv::testing::TwoTensorLoss& fused,
                              const gv::testing::TwoTensorLoss& composed) {
  constexpr float kLr = 0.3f;
  const Var fused_in = Var::parameter(in), fused_out = Var::parameter(out);
  const std::vector<Var> views = {Var::view_of(fused_in), Var::view_of(fused_out)};
  gv::Sgd in_backward({fused_in, fused_out}, kLr);
  REQUIRE(in_backward.update_in_backward(views, kLr));
  fused(views[0], views[1]).backward();
  CHECK(views[0].sparse_grad().stored_rows() == 0);
  CHECK(views[1].sparse_grad().stored_rows() == 0);
  CHECK(fused_out.value()[0] != out[0]);  // updated already, before the step
  in_backward.step(views, kLr);

  const Var composed_in = Var::parameter(in), composed_out = Var::parameter(out);
  gv::Sgd after_backward({composed_in, composed_out}, kLr);
  composed(composed_in, composed_out).backward();
  after_backward.step();
  for (int64_t k = 0; k < in.numel(); ++k) {
    CHECK(fused_in.value()[k] == Approx(composed_in.value()[k]).margin(1e-6));
  }
  for (int64_t k = 0; k < out.numel(); ++k) {
    CHECK(fused_out.value()[k] == Approx(composed_out.value()[k]).margin(1e-6));
  }
}

}  // namespace

TEST_CASE("SGD in the logistic loss's backward equals gradient then SGD on distinct rows",
          "[logistic][sgns][optim]") {
  gv::Rng rng(11);
  const Tensor in = Tensor::normal({7, kWidth}, 0.0f, 0.7f, rng);
  const Tensor out = Tensor::normal({9, kWidth}, 0.0f, 0.7f, rng);
  // Two skip-gram groups whose inputs, and whose outputs (word 0 among them), are all distinct.
  auto groups = std::make_shared<LogisticGroups>();
  add_table(*groups, {1, 2, 3}, {0, 2, 6}, sgns_labels(2));
  add_table(*groups, {4, 5}, {7, 8, 1}, sgns_labels(2));
  check_update_in_backward(
      in, out,
      [&](const Var& w_in, const Var& w_out) {
        return gv::logistic_loss<gv::TableInputs>(w_in, w_out, groups);
      },
      [&](const Var& w_in, const Var& w_out) {
        return gv::testing::logistic_loss_composed<gv::TableInputs>(w_in, w_out, *groups);
      });
}

TEST_CASE("SGD in the backward of the loss on rows of bag means equals gradient then SGD",
          "[logistic][sgns][cbow][optim]") {
  gv::Rng rng(12);
  const Tensor in = Tensor::normal({7, kWidth}, 0.0f, 0.7f, rng);
  const Tensor out = Tensor::normal({7, kWidth}, 0.0f, 0.7f, rng);
  // The output table is updated in the loss's backward, W_in in the bag's (bag ids 2 3 5), from
  // the mean rows' gradient the loss hands it: neither leaves a row for the step.
  auto groups = std::make_shared<LogisticGroups>();
  add_rows(*groups, 2, {0, 1, 6}, sgns_labels(2));
  add_rows(*groups, 1, {4, 2, 3}, sgns_labels(2));
  check_update_in_backward(
      in, out,
      [&](const Var& w_in, const Var& w_out) {
        return gv::logistic_loss<gv::DenseInputs>(bag_means(w_in), w_out, groups);
      },
      [&](const Var& w_in, const Var& w_out) {
        return gv::testing::logistic_loss_composed<gv::DenseInputs>(bag_means(w_in), w_out,
                                                                    *groups);
      });
}

TEST_CASE("SGD in the backward of HS groups of W_in's rows equals gradient then SGD",
          "[logistic][hs][optim]") {
  gv::Rng rng(13);
  const Tensor in = Tensor::normal({6, kWidth}, 0.0f, 0.7f, rng);
  const Tensor nodes = Tensor::normal({4, kWidth}, 0.0f, 0.7f, rng);
  // One group: a path's nodes are distinct, and so are the group's inputs.
  const std::shared_ptr<LogisticGroups> groups = HsGroups().table(3, {1, 4, 5}).groups;
  check_update_in_backward(
      in, nodes,
      [&](const Var& w_in, const Var& w_out) {
        return gv::logistic_loss<gv::TableInputs>(w_in, w_out, groups);
      },
      [&](const Var& w_in, const Var& w_out) {
        return hs_composed<gv::TableInputs>(w_in, w_out, *groups, {3});
      });
}

TEST_CASE("Only SGD updates in the backward: Adagrad leaves every gradient to its step",
          "[logistic][optim]") {
  const Var in = Var::parameter(Tensor::ones({7, 5})), out = Var::parameter(Tensor::ones({7, 5}));
  const std::vector<Var> views = {Var::view_of(in), Var::view_of(out)};
  gv::Adagrad adagrad({in, out}, 0.1f);
  CHECK_FALSE(adagrad.update_in_backward(views, 0.1f));
  const std::shared_ptr<LogisticGroups> groups = sgns_groups();
  gv::logistic_loss<gv::TableInputs>(views[0], views[1], groups).backward();
  CHECK(views[0].sparse_grad().stored_rows() == 4);  // inputs 1 2 3 5
  CHECK(views[1].sparse_grad().stored_rows() == 5);  // outputs 0 2 6 4 1
  CHECK(out.value()[0] == 1.0f);                     // nothing applied before the step
}
