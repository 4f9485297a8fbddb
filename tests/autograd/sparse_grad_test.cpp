// gather_rows leaves a row-sparse gradient on its table: one entry per lookup, no dense
// (V, d) buffer, and the same numbers a dense formulation of the lookup would give; and
// row_distance_loss adds its pull to those entries, once per row.
#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <utility>
#include <vector>

#include "autograd/gradcheck.h"
#include "autograd/ops.h"
#include "autograd/rng.h"
#include "autograd/sparse_rows.h"

using gv::Tensor;
using gv::Var;

TEST_CASE("gather_rows from a (50000, 8) table stores 3 rows, matching the one-hot matmul",
          "[sparse][gather]") {
  constexpr int64_t kVocab = 50000, kDim = 8;
  gv::Rng rng(21);
  const Var table = Var::parameter(Tensor::uniform({kVocab, kDim}, -1.0f, 1.0f, rng));
  const std::vector<int64_t> ids = {49999, 0, 1234};
  const Tensor w = Tensor::uniform({3, kDim}, -1.0f, 1.0f, rng);

  gv::sum(gv::gather_rows(table, ids) * Var::constant(w)).backward();
  CHECK(table.has_sparse_grad());
  CHECK(table.sparse_grad().stored_rows() == 3);
  CHECK_FALSE(table.has_grad());  // no dense (V, d) gradient was ever allocated
  const Tensor sparse_as_dense = table.sparse_grad().to_dense();

  // The same lookup as a product: onehot (3, V) @ table (V, d) selects the same rows, and
  // its gradient with respect to the table is onehot^T @ w, dense.
  Tensor onehot({3, kVocab});
  for (int64_t i = 0; i < 3; ++i) onehot.at({i, ids[static_cast<size_t>(i)]}) = 1.0f;
  const Var dense_table = Var::parameter(table.value());
  const Var selected = gv::matmul(Var::constant(onehot), dense_table);
  gv::sum(selected * Var::constant(w)).backward();
  REQUIRE(dense_table.has_grad());
  const Tensor& dense = dense_table.grad();
  int64_t mismatches = 0;
  for (int64_t i = 0; i < dense.numel(); ++i) mismatches += sparse_as_dense[i] != dense[i];
  CHECK(mismatches == 0);
  CHECK(sparse_as_dense.at({49999, 3}) == w.at({0, 3}));
  CHECK(sparse_as_dense.at({1234, 7}) == w.at({2, 7}));
}

TEST_CASE("Repeated ids accumulate, and coalesce() merges them", "[sparse][gather]") {
  Var table = Var::parameter(Tensor::zeros({5, 2}));
  const std::vector<int64_t> ids = {1, 3, 1, 1};
  // Weight each lookup differently so the merged row is a recognisable sum.
  const Tensor w = Tensor::from({4, 2}, {1, 10, 2, 20, 4, 40, 8, 80});
  gv::sum(gv::gather_rows(table, ids) * Var::constant(w)).backward();
  gv::SparseRows& grad = table.sparse_grad();
  CHECK(grad.stored_rows() == 4);  // one entry per lookup
  const Tensor dense = grad.to_dense();
  CHECK(dense.at({1, 0}) == 1 + 4 + 8);
  CHECK(dense.at({1, 1}) == 10 + 40 + 80);
  CHECK(dense.at({3, 0}) == 2);
  CHECK(dense.at({0, 0}) == 0);
  grad.coalesce();
  REQUIRE(grad.stored_rows() == 2);
  CHECK(grad.indices() == std::vector<int64_t>{1, 3});
  CHECK(grad.row(0)[0] == 13.0f);
  CHECK(grad.row(0)[1] == 130.0f);
  CHECK(grad.row(1)[1] == 20.0f);
}

TEST_CASE("Sparse gradients accumulate across backward calls and clear with zero_grad",
          "[sparse][gather]") {
  const Var table = Var::parameter(Tensor::ones({4, 3}));
  const std::vector<int64_t> ids = {2, 0};
  const Var loss = gv::sum(gv::gather_rows(table, ids));
  loss.backward();
  loss.backward();
  CHECK(table.sparse_grad().stored_rows() == 4);
  CHECK(table.total_grad().at({2, 1}) == 2.0f);
  table.zero_grad();
  CHECK_FALSE(table.has_sparse_grad());
}

TEST_CASE("A table computed by other ops gets a dense gradient through gather_rows",
          "[sparse][gather]") {
  // gather_rows(2 * table): the interior (2 * table) must receive its gradient densely so
  // that mul_scalar's backward can pass it on; the leaf then gets a dense gradient too.
  const Var table = Var::parameter(Tensor::ones({4, 2}));
  const std::vector<int64_t> ids = {3, 3};
  gv::sum(gv::gather_rows(table * 2.0f, ids)).backward();
  CHECK_FALSE(table.has_sparse_grad());
  REQUIRE(table.has_grad());
  CHECK(table.grad().at({3, 0}) == 4.0f);  // two lookups, each scaled by 2
  CHECK(table.grad().at({2, 0}) == 0.0f);
}

TEST_CASE("accumulate_row keeps one entry per row until clear(), across coalesce()", "[sparse]") {
  gv::SparseRows grad(6, 2);
  grad.accumulate_row(4)[0] += 1.0f;
  grad.accumulate_row(1)[1] += 2.0f;
  grad.accumulate_row(4)[0] += 10.0f;  // adds to row 4's entry rather than making a new one
  CHECK(grad.stored_rows() == 2);
  CHECK(grad.to_dense().at({4, 0}) == 11.0f);

  // append_row always adds an entry; coalesce() merges, and accumulate_row then finds the
  // merged entry of each row.
  grad.append_row(4)[0] = 100.0f;
  CHECK(grad.stored_rows() == 3);
  grad.coalesce();
  CHECK(grad.stored_rows() == 2);
  grad.accumulate_row(4)[0] += 1000.0f;
  grad.accumulate_row(1)[1] += 20.0f;
  CHECK(grad.stored_rows() == 2);
  CHECK(grad.to_dense().at({4, 0}) == 1111.0f);
  CHECK(grad.to_dense().at({1, 1}) == 22.0f);

  // After clear() a row starts from zero in a new entry.
  grad.clear();
  grad.accumulate_row(4)[0] += 5.0f;
  CHECK(grad.stored_rows() == 1);
  CHECK(grad.to_dense().at({4, 0}) == 5.0f);
  CHECK_THROWS_AS(grad.accumulate_row(6), std::out_of_range);
  CHECK_THROWS_AS(grad.accumulate_row(-1), std::out_of_range);
}

TEST_CASE("add_terms overwrites a new entry's stale floats and adds to an existing one",
          "[sparse]") {
  gv::SparseRows grad(4, 3);
  const float ones[] = {1.0f, 1.0f, 1.0f};
  const float steps[] = {1.0f, 2.0f, 3.0f};
  // A first step leaves large floats in the storage a later step's new entries reuse.
  grad.add_terms(2, 1, [&](int64_t) { return std::pair(1000.0f, ones); });
  grad.add_terms(0, 1, [&](int64_t) { return std::pair(-1000.0f, ones); });
  grad.clear();
  // Six terms (more than one block of kBlock) into a new entry: Σ_t (t + 1) * steps = 21 * steps.
  grad.add_terms(2, 6, [&](int64_t t) { return std::pair(static_cast<float>(t + 1), steps); });
  // No term: a new entry is all zeros, not the stale -1000s.
  grad.add_terms(0, 0, [&](int64_t) { return std::pair(1.0f, ones); });
  // An existing entry keeps what it held.
  grad.add_terms(2, 1, [&](int64_t) { return std::pair(0.5f, ones); });
  CHECK(grad.stored_rows() == 2);
  const gv::Tensor dense = grad.to_dense();
  CHECK(dense.at({2, 0}) == 21.5f);
  CHECK(dense.at({2, 1}) == 42.5f);
  CHECK(dense.at({2, 2}) == 63.5f);
  for (int64_t k = 0; k < 3; ++k) CHECK(dense.at({0, k}) == 0.0f);
  CHECK_THROWS_AS(grad.add_terms(4, 1, [&](int64_t) { return std::pair(1.0f, ones); }),
                  std::out_of_range);
}

TEST_CASE("append copies rows in order, and a bad index appends none of them", "[sparse]") {
  gv::SparseRows grad(5, 2);
  const std::vector<int64_t> ids = {3, 1, 3};
  const float rows[] = {1.0f, 2.0f, 3.0f, 4.0f, 5.0f, 6.0f};
  grad.append(ids, rows);
  REQUIRE(grad.stored_rows() == 3);
  CHECK_FALSE(grad.is_coalesced());  // 1 after 3
  CHECK(grad.index(2) == 3);
  CHECK(grad.row(2)[1] == 6.0f);
  CHECK(grad.to_dense().at({3, 0}) == 6.0f);  // 1 + 5

  const std::vector<int64_t> bad = {0, 5, 2};
  CHECK_THROWS_AS(grad.append(bad, rows), std::out_of_range);
  CHECK(grad.stored_rows() == 3);
  CHECK(grad.to_dense().at({0, 0}) == 0.0f);
}

TEST_CASE("row_distance_loss is half the squared distance of its rows' first D floats",
          "[sparse][anchor][gradcheck]") {
  // Rows of width 3, targets of width 2: the third float is padding, never pulled.
  const Var table = Var::parameter(Tensor::from(
      {4, 3}, {1.0f, 2.0f, 9.0f, 0.0f, 0.0f, 9.0f, -1.0f, 4.0f, 9.0f, 3.0f, 3.0f, 9.0f}));
  const Tensor targets = Tensor::from({2, 2}, {0.5f, 2.0f, 1.0f, 1.0f});
  const std::vector<int64_t> ids = {2, 0}, target_rows = {1, 0};
  // Row 2 against (1, 1): (-2)² + 3² = 13; row 0 against (0.5, 2): 0.5² = 0.25; half of 13.25.
  const Var loss = gv::row_distance_loss(table, ids, targets, target_rows);
  CHECK(loss.item() == Approx(6.625f));
  gv::mul_scalar(loss, 3.0f).backward();
  // Gradient upstream × (row - target) in the first D floats, one entry per row.
  const Tensor grad = table.sparse_grad().to_dense();
  CHECK(table.sparse_grad().stored_rows() == 2);
  CHECK(grad.at({2, 0}) == -6.0f);
  CHECK(grad.at({2, 1}) == 9.0f);
  CHECK(grad.at({0, 0}) == 1.5f);
  CHECK(grad.at({0, 1}) == 0.0f);
  CHECK(grad.at({2, 2}) == 0.0f);  // padding
  gv::Rng rng(23);
  const Var random_table = Var::parameter(Tensor::uniform({5, 4}, -1.0f, 1.0f, rng));
  const auto result = gv::gradcheck(
      [&](const std::vector<Var>& in) {
        return gv::row_distance_loss(in[0], std::vector<int64_t>{4, 1, 3}, targets,
                                     std::vector<int64_t>{0, 1, 1});
      },
      {random_table});
  INFO(result.worst);
  CHECK(result.ok);
}

TEST_CASE("row_distance_loss adds its pull to the entry the lookups left, once per row",
          "[sparse][anchor]") {
  const Var table = Var::parameter(Tensor::from({3, 2}, {1.0f, 1.0f, 2.0f, 2.0f, 3.0f, 3.0f}));
  const Tensor targets = Tensor::from({1, 2}, {0.0f, 0.0f});
  const std::vector<int64_t> looked_up = {1, 1, 0};
  // The pull first in the sum: backward runs the lookups first, as a training step does.
  const Var loss = gv::row_distance_loss(table, std::vector<int64_t>{1, 2}, targets,
                                         std::vector<int64_t>{0, 0}) +
                   gv::sum(gv::gather_rows(table, looked_up));
  loss.backward();
  const gv::SparseRows& grad = table.sparse_grad();
  // Row 1: its two lookups coalesced into (2, 2), then pulled by (2, 2); row 2, reached by no
  // lookup, an entry of its own with the pull (3, 3); row 0, not anchored, its lookup alone.
  REQUIRE(grad.stored_rows() == 3);
  const Tensor dense = grad.to_dense();
  CHECK(dense.at({1, 0}) == 4.0f);
  CHECK(dense.at({2, 1}) == 3.0f);
  CHECK(dense.at({0, 0}) == 1.0f);
  CHECK(grad.index(0) == 0);
  CHECK(grad.index(1) == 1);
  CHECK(grad.index(2) == 2);
  CHECK_THROWS_WITH(gv::row_distance_loss(table * 2.0f, std::vector<int64_t>{0}, targets,
                                          std::vector<int64_t>{0}),
                    Catch::Contains("must be a leaf"));
  CHECK_THROWS_WITH(
      gv::row_distance_loss(table, std::vector<int64_t>{3}, targets, std::vector<int64_t>{0}),
      Catch::Contains("id 3"));
}
