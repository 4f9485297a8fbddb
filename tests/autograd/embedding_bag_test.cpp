// embedding_bag: each output row the mean of a bag of table rows, its gradient spread back
// over the bag's ids (repeated ones included), row-sparse on a leaf table.
#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "autograd/gradcheck.h"
#include "autograd/ops.h"
#include "autograd/rng.h"

using Catch::Contains;
using gv::Tensor;
using gv::Var;

namespace {

// Three bags over a 5-row table: id 1 twice in bag 0, and id 3 in bags 0 and 2.
const std::vector<int64_t> kIds = {1, 3, 1, 4, 3, 0};
const std::vector<int64_t> kOffsets = {0, 3, 4, 6};

void check_gradcheck(const std::function<Var(const std::vector<Var>&)>& f,
                     const std::vector<Var>& inputs) {
  const gv::GradcheckResult result = gv::gradcheck(f, inputs);
  INFO(result.worst);
  CHECK(result.ok);
}

}  // namespace

TEST_CASE("embedding_bag averages each bag's rows", "[ops][hand][embedding_bag]") {
  const Var table = Var::constant(Tensor::from({5, 2}, {0, 1, 10, 11, 20, 21, 30, 31, 40, 41}));
  const Var means = gv::embedding_bag(table, kIds, kOffsets);
  REQUIRE(means.shape() == gv::Shape{3, 2});
  // Bag 0: rows 1, 3, 1 -> (10 + 30 + 10) / 3; bag 1: row 4; bag 2: rows 3, 0.
  CHECK(means.value().at({0, 0}) == Approx(50.0 / 3));
  CHECK(means.value().at({0, 1}) == Approx(53.0 / 3));
  CHECK(means.value().at({1, 0}) == 40.0f);
  CHECK(means.value().at({1, 1}) == 41.0f);
  CHECK(means.value().at({2, 0}) == 15.0f);
  CHECK(means.value().at({2, 1}) == 16.0f);
}

TEST_CASE("embedding_bag hands each id its bag's gradient over the bag's size, row-sparse",
          "[sparse][embedding_bag]") {
  Var table = Var::parameter(Tensor::zeros({5, 2}));
  // Weight each bag's gradient recognisably: bag b gets (b + 1, 10 (b + 1)).
  const Tensor w = Tensor::from({3, 2}, {1, 10, 2, 20, 3, 30});
  gv::sum(gv::embedding_bag(table, kIds, kOffsets) * Var::constant(w)).backward();
  CHECK_FALSE(table.has_grad());
  CHECK(table.sparse_grad().stored_rows() == 4);  // one entry per distinct id: 1 3 4 0
  const Tensor dense = table.sparse_grad().to_dense();
  CHECK(dense.at({1, 0}) == Approx(2.0 / 3));        // twice in bag 0
  CHECK(dense.at({3, 1}) == Approx(10.0 / 3 + 15));  // bag 0 and bag 2
  CHECK(dense.at({4, 0}) == 2.0f);
  CHECK(dense.at({0, 1}) == 15.0f);
  CHECK(dense.at({2, 0}) == 0.0f);
}

TEST_CASE("gradcheck: embedding_bag with ids repeated within and across bags",
          "[gradcheck][embedding_bag]") {
  gv::Rng rng(31);
  const Var table = Var::parameter(Tensor::uniform({5, 3}, -1.0f, 1.0f, rng));
  const Tensor weight = Tensor::uniform({3, 3}, -1.0f, 1.0f, rng);
  check_gradcheck(
      [&](const std::vector<Var>& in) {
        return gv::sum(gv::embedding_bag(in[0], kIds, kOffsets) * Var::constant(weight));
      },
      {table});
  // A table computed by other ops receives a dense gradient instead; tanh keeps the chain
  // non-linear so a misrouted gradient would show.
  check_gradcheck(
      [&](const std::vector<Var>& in) {
        const Var means = gv::embedding_bag(gv::tanh(in[0]), kIds, kOffsets);
        return gv::sum(means * means * Var::constant(weight));
      },
      {table});
}

TEST_CASE("embedding_bag's undivided gradient is the gradient of the bag's sum, composed",
          "[gradcheck][embedding_bag]") {
  gv::Rng rng(37);
  Tensor start = Tensor::uniform({5, 3}, -1.0f, 1.0f, rng);
  const Tensor weight = Tensor::uniform({3, 3}, -1.0f, 1.0f, rng);
  // The reference: bag sums as membership (B, N) @ gather_rows(table, ids) (N, d), from ops
  // whose own gradients are checked by finite differences elsewhere.
  Tensor membership({3, static_cast<int64_t>(kIds.size())});
  for (int64_t b = 0; b < 3; ++b) {
    for (int64_t i = kOffsets[b]; i < kOffsets[b + 1]; ++i) membership.at({b, i}) = 1.0f;
  }
  Var summed = Var::parameter(start);
  gv::sum(gv::matmul(Var::constant(membership), gv::gather_rows(summed, kIds)) *
          Var::constant(weight))
      .backward();
  Var bagged = Var::parameter(start), averaged = Var::parameter(start);
  const Var undivided = gv::embedding_bag(bagged, kIds, kOffsets, gv::BagGradient::undivided);
  gv::sum(undivided * Var::constant(weight)).backward();
  const Var mean = gv::embedding_bag(averaged, kIds, kOffsets);
  // The forward is the mean either way; only the backward differs.
  for (int64_t k = 0; k < mean.value().numel(); ++k)
    CHECK(undivided.value().data()[k] == mean.value().data()[k]);
  const Tensor expected = summed.sparse_grad().to_dense();
  const Tensor got = bagged.sparse_grad().to_dense();
  for (int64_t k = 0; k < expected.numel(); ++k)
    CHECK(got.data()[k] == Approx(expected.data()[k]).margin(1e-6));
  CHECK(got.at({4, 0}) == weight.at({1, 0}));  // id 4, alone in bag 1: the same either way
  CHECK(got.at({1, 2}) == Approx(2 * weight.at({0, 2})));  // id 1, twice in bag 0: 2 g_0
}

TEST_CASE("embedding_bag rejects ids outside the table and bad offsets",
          "[errors][embedding_bag]") {
  const Var table = Var::parameter(Tensor::zeros({5, 2}));
  const std::vector<int64_t> too_big = {1, 5}, negative = {-1, 2}, two = {0, 1};
  CHECK_THROWS_AS(gv::embedding_bag(table, too_big, std::vector<int64_t>{0, 2}), std::out_of_range);
  CHECK_THROWS_WITH(gv::embedding_bag(table, too_big, std::vector<int64_t>{0, 2}),
                    Contains("embedding_bag: id 5") && Contains("V = 5"));
  CHECK_THROWS_WITH(gv::embedding_bag(table, negative, std::vector<int64_t>{0, 1, 2}),
                    Contains("id -1"));
  const auto bad_offsets = [&](std::vector<int64_t> offsets) {
    CHECK_THROWS_AS(gv::embedding_bag(table, two, offsets), std::invalid_argument);
  };
  bad_offsets({});         // not even offsets[0]
  bad_offsets({1, 2});     // does not start at 0
  bad_offsets({0, 1});     // leaves id 1 in no bag
  bad_offsets({0, 3});     // past the last id
  bad_offsets({0, 2, 1});  // runs backwards
  CHECK_THROWS_WITH(gv::embedding_bag(table, two, std::vector<int64_t>{0, 0, 2}),
                    Contains("bag 0") && Contains("[0, 0)"));
  CHECK_THROWS_WITH(gv::embedding_bag(table, two, std::vector<int64_t>{0, 1}),
                    Contains("end at 1") && Contains("2 ids"));
  CHECK_THROWS_WITH(
      gv::embedding_bag(Var::parameter(Tensor::zeros({5})), two, std::vector<int64_t>{0, 2}),
      Contains("(V, d)") && Contains("(5)"));
}
