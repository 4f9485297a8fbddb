// Bad input to an op throws, with a message that names the op and the offending shape or value.
#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <vector>

#include "autograd/ops.h"

using Catch::Contains;
using gv::Tensor;
using gv::Var;

namespace {
Var zeros(gv::Shape shape) {
  return Var::parameter(Tensor::zeros(std::move(shape)));
}
}  // namespace

TEST_CASE("Elementwise ops reject shapes that do not broadcast", "[errors][elementwise]") {
  CHECK_THROWS_AS(zeros({2, 3}) + zeros({4, 3}), std::invalid_argument);
  CHECK_THROWS_WITH(zeros({2, 3}) + zeros({4, 3}),
                    Contains("add") && Contains("(2, 3)") && Contains("(4, 3)"));
  CHECK_THROWS_WITH(zeros({2, 3}) * zeros({2}), Contains("mul") && Contains("(2)"));
  CHECK_THROWS_WITH(zeros({5, 2, 3}) - zeros({4, 3}), Contains("sub") && Contains("(5, 2, 3)"));
  CHECK_THROWS_WITH(zeros({3}) / zeros({2, 2}), Contains("div") && Contains("(2, 2)"));
}

TEST_CASE("matmul names both shapes and what is wrong with them", "[errors][matmul]") {
  CHECK_THROWS_WITH(gv::matmul(zeros({2, 3}), zeros({4, 5})),
                    Contains("matmul: (2, 3) @ (4, 5): inner dimensions differ"));
  CHECK_THROWS_WITH(gv::matmul(zeros({2, 3, 4}), zeros({3, 4, 5})),
                    Contains("(2, 3, 4) @ (3, 4, 5)") && Contains("batch sizes differ"));
  CHECK_THROWS_WITH(gv::matmul(zeros({3}), zeros({3, 2})), Contains("matmul: (3) @ (3, 2)"));
  CHECK_THROWS_WITH(gv::matmul(zeros({2, 3}), zeros({2, 3, 4})), Contains("(2, 3) @ (2, 3, 4)"));
}

TEST_CASE("Shape ops reject impossible shapes and column ranges", "[errors][shape]") {
  CHECK_THROWS_WITH(gv::concat({zeros({2, 3}), zeros({3, 3})}),
                    Contains("concat") && Contains("(2, 3)") && Contains("(3, 3)"));
  CHECK_THROWS_WITH(gv::concat({zeros({2, 3}), zeros({2, 1, 3})}), Contains("(2, 1, 3)"));
  CHECK_THROWS_WITH(gv::concat({}), Contains("concat"));
  CHECK_THROWS_WITH(gv::reshape(zeros({2, 3}), {4, 2}), Contains("(2, 3)") && Contains("(4, 2)"));
  CHECK_THROWS_WITH(gv::reshape(zeros({2, 3}), {4, -1}), Contains("(4, -1)"));
  CHECK_THROWS_WITH(gv::reshape(zeros({2, 3}), {-1, -1}), Contains("at most one -1"));
  CHECK_THROWS_AS(gv::slice(zeros({2, 3}), 2, 4), std::out_of_range);
  CHECK_THROWS_WITH(gv::slice(zeros({2, 3}), 2, 4), Contains("[2, 4)") && Contains("(2, 3)"));
  CHECK_THROWS_WITH(gv::slice(zeros({2, 3}), -1, 2), Contains("[-1, 2)"));
  CHECK_THROWS_WITH(gv::transpose(zeros({3})), Contains("transpose") && Contains("(3)"));
  CHECK_THROWS_WITH(gv::softmax(zeros({})), Contains("softmax") && Contains("()"));
}

// The inputs hold no elements, so nothing large is allocated; their outputs would hold more
// than a tensor can, and every op must say so rather than wrap its size around.
TEST_CASE("Ops refuse outputs whose element count overflows", "[errors][overflow]") {
  const int64_t big = int64_t{1} << 31;
  CHECK_THROWS_AS(zeros({0, big, 1}) + zeros({0, 1, big}), std::length_error);  // (0, 2^31, 2^31)
  CHECK_THROWS_AS(gv::matmul(zeros({big, 0}), zeros({0, big})), std::length_error);
  CHECK_THROWS_AS(gv::matmul(zeros({2, big, 0}), zeros({2, 0, big})), std::length_error);
  const Var wide = zeros({0, int64_t{1} << 60});
  CHECK_THROWS_WITH(gv::concat({wide, wide, wide}), Contains("concat") && Contains("widths"));
  CHECK_THROWS_WITH(
      gv::reshape(zeros({2, 3}), {4611686018427387905, 4}),
      Contains("(4611686018427387905, 4)") && Contains("more elements than a tensor can hold"));
  CHECK_THROWS_WITH(gv::reshape(zeros({2, 3}), {4611686018427387905, 4, -1}),
                    Contains("more elements than a tensor can hold"));
  const std::vector<int64_t> no_ids;
  CHECK_THROWS_AS(gv::gather_rows(zeros({0, int64_t{1} << 40}), no_ids, {int64_t{1} << 30, 0}),
                  std::length_error);
}

TEST_CASE("Reductions reject dims outside the shape", "[errors][reduce]") {
  CHECK_THROWS_AS(gv::sum(zeros({2, 3}), 2), std::out_of_range);
  CHECK_THROWS_WITH(gv::sum(zeros({2, 3}), 2), Contains("sum: dim 2") && Contains("(2, 3)"));
  CHECK_THROWS_WITH(gv::mean(zeros({2, 3}), -3, true),
                    Contains("mean: dim -3") && Contains("(2, 3)"));
  CHECK_NOTHROW(gv::sum(zeros({2, 3}), -2));
}

TEST_CASE("gather_rows rejects negative ids and ids >= V, naming the id and V",
          "[errors][gather]") {
  const Var table = zeros({5, 2});
  const std::vector<int64_t> too_big = {0, 5};
  const std::vector<int64_t> negative = {-1};
  CHECK_THROWS_AS(gv::gather_rows(table, too_big), std::out_of_range);
  CHECK_THROWS_WITH(gv::gather_rows(table, too_big), Contains("id 5") && Contains("V = 5"));
  CHECK_THROWS_WITH(gv::gather_rows(table, negative), Contains("id -1") && Contains("V = 5"));
  const std::vector<int64_t> ids = {0, 1, 2};
  CHECK_THROWS_WITH(gv::gather_rows(table, ids, {2, 2}), Contains("(2, 2)") && Contains("got 3"));
  CHECK_THROWS_WITH(gv::gather_rows(zeros({5}), ids), Contains("(V, d)") && Contains("(5)"));
}

TEST_CASE("Losses reject bad targets and shapes", "[errors][loss]") {
  const Var logits = zeros({2, 3});
  const std::vector<int64_t> too_big = {0, 3};
  const std::vector<int64_t> negative = {-2, 0};
  const std::vector<int64_t> too_few = {0};
  CHECK_THROWS_AS(gv::cross_entropy(logits, too_big), std::out_of_range);
  CHECK_THROWS_WITH(gv::cross_entropy(logits, too_big), Contains("target 3") && Contains("C = 3"));
  CHECK_THROWS_WITH(gv::cross_entropy(logits, negative), Contains("target -2"));
  CHECK_THROWS_WITH(gv::cross_entropy(logits, too_few), Contains("(2, 3)") && Contains("N = 1"));
  CHECK_THROWS_WITH(gv::cross_entropy(zeros({6}), too_few), Contains("(6)"));
  CHECK_THROWS_WITH(gv::binary_cross_entropy_with_logits(logits, Tensor::zeros({3, 2})),
                    Contains("targets") && Contains("(2, 3)") && Contains("(3, 2)"));
}

TEST_CASE("backward() on a non-scalar names its shape", "[errors][graph]") {
  const Var y = zeros({2, 3}) * 2.0f;
  CHECK_THROWS_AS(y.backward(), std::invalid_argument);
  CHECK_THROWS_WITH(y.backward(), Contains("(2, 3)"));
}
