// AnchoredRows: the loss term (lambda/2) ||w - w_old||^2 over the known rows a step reads, and
// its gradient joining the step's row-sparse gradient.
#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>
#include <memory>
#include <vector>

#include "autograd/ops.h"
#include "autograd/optim.h"
#include "autograd/var.h"
#include "word2vec/anchored_rows.h"
#include "word2vec/train_options.h"

using gv::AnchoredRows;
using gv::RowAnchor;
using gv::Tensor;
using gv::Var;

namespace {

constexpr int64_t kDim = 3;
const int64_t kWidth = gv::row_floats(kDim);

// A (4, R) table whose row r holds r + 0.1 c in column c < dim, zeros past it.
Tensor table_of_four() {
  Tensor t({4, kWidth});
  for (int64_t r = 0; r < 4; ++r)
    for (int64_t c = 0; c < kDim; ++c) t.data()[r * kWidth + c] = float(r) + 0.1f * float(c);
  return t;
}

// (lambda/2) ||w - w_old||^2 summed over the anchored rows in `read`, in double.
double penalty(const Tensor& table, const RowAnchor& anchor, const std::vector<int64_t>& read) {
  double sum = 0;
  for (size_t k = 0; k < anchor.rows.size(); ++k) {
    if (std::find(read.begin(), read.end(), anchor.rows[k]) == read.end()) continue;
    for (int64_t c = 0; c < kDim; ++c) {
      const double d = double(table.data()[anchor.rows[k] * kWidth + c]) -
                       double(anchor.values.data()[static_cast<int64_t>(k) * kDim + c]);
      sum += d * d;
    }
  }
  return 0.5 * anchor.lambda * sum;
}

// The lookups of a step: one gather of `rows` from the table's view, each weighted by 1 in its
// first column, so that each lookup leaves 1 there.
Var lookups(const Var& view, const std::vector<int64_t>& rows) {
  Tensor first_column({static_cast<int64_t>(rows.size()), kWidth});
  for (size_t i = 0; i < rows.size(); ++i)
    first_column.data()[static_cast<int64_t>(i) * kWidth] = 1;
  return gv::sum(gv::gather_rows(view, rows) * Var::constant(first_column));
}

}  // namespace

TEST_CASE("The pull is lambda/2 ||w - w_old||^2 over the known rows a step reads, once per row",
          "[anchor][gradcheck]") {
  auto anchor = std::make_shared<RowAnchor>();
  anchor->lambda = 0.7f;
  anchor->rows = {1, 2, 3};
  anchor->values =
      Tensor::from({3, kDim}, {0.5f, -0.25f, 2.0f, 9.0f, 9.0f, 9.0f, 1.0f, 4.0f, 3.5f});
  Var table = Var::parameter(table_of_four());
  Var view = Var::view_of(table);
  // Row 0 (not anchored) once, row 1 twice, row 3 once; row 2, anchored, not read.
  const std::vector<int64_t> read = {0, 1, 1, 3};
  const AnchoredRows anchored(anchor, 4, kDim);
  const Var pull = anchored.loss(view, read);
  CHECK(pull.item() == Approx(penalty(table.value(), *anchor, read)));
  (pull + lookups(view, read)).backward();
  const Tensor grad = view.sparse_grad().to_dense();
  // The gradient beyond the lookups' 1s, against central differences of the penalty.
  Tensor& w = table.value();
  const float h = 1e-2f;  // the penalty is quadratic: its central difference is exact but rounding
  for (int64_t r = 0; r < 4; ++r) {
    for (int64_t c = 0; c < kWidth; ++c) {
      INFO("row " << r << ", column " << c);
      float& x = w.data()[r * kWidth + c];
      const float saved = x;
      x = saved + h;
      const double up = penalty(w, *anchor, read);
      x = saved - h;
      const double down = penalty(w, *anchor, read);
      x = saved;
      const double numeric = (up - down) / (2 * h);
      const auto lookups_here = std::count(read.begin(), read.end(), r);
      const float added = grad.data()[r * kWidth + c] - (c == 0 ? float(lookups_here) : 0.0f);
      CHECK(added == Approx(numeric).margin(1e-4));
    }
  }
  // Row 3, column 0: lambda (w - w_old) = 0.7 (3 - 1) = 1.4 beside its lookup's 1.
  CHECK(grad.data()[3 * kWidth] == Approx(1.0f + 1.4f));
  // Row 1's two lookups were summed first, and the pull added once: 2 + 0.7 (1 - 0.5).
  CHECK(grad.data()[1 * kWidth] == Approx(2.0f + 0.35f));
  CHECK(view.sparse_grad().stored_rows() == 3);  // rows 0, 1 and 3: one entry each
}

TEST_CASE("One SGD step with the pull, worked by hand", "[anchor]") {
  // Row 2 is at (2, 2.1, 2.2) and was (1, 2.1, 3.2) in the model; the loss's gradient is
  // (0.5, 0, 0). With lambda 0.5 and lr 0.1: w - lr (g + lambda (w - w_old)) =
  // (2 - 0.1 (0.5 + 0.5), 2.1 - 0, 2.2 - 0.1 (0.5 x -1)) = (1.9, 2.1, 2.25).
  auto anchor = std::make_shared<RowAnchor>();
  anchor->lambda = 0.5f;
  anchor->rows = {2};
  anchor->values = Tensor::from({1, kDim}, {1.0f, 2.1f, 3.2f});
  Var table = Var::parameter(table_of_four());
  gv::Sgd sgd({table}, 0.1f);
  std::vector<Var> views = {Var::view_of(table)};
  const std::vector<int64_t> read = {2};
  (AnchoredRows(anchor, 4, kDim).loss(views[0], read) +
   gv::mul_scalar(lookups(views[0], read), 0.5f))
      .backward();
  sgd.step(views, 0.1f);
  const float* row = table.value().data() + 2 * kWidth;
  CHECK(row[0] == Approx(1.9f));
  CHECK(row[1] == Approx(2.1f));
  CHECK(row[2] == Approx(2.25f));
  CHECK(row[3] == 0.0f);  // the padding stays zero
}

TEST_CASE("An anchor too strong for the rate, negative or not a number is refused by name",
          "[anchor][errors]") {
  CHECK_NOTHROW(gv::check_anchor(0.0f, 0.025f));
  CHECK_NOTHROW(gv::check_anchor(40.0f, 0.025f));  // lr x lambda = 1: back to the old value
  CHECK_THROWS_WITH(gv::check_anchor(50.0f, 0.025f),
                    Catch::Equals("train: --anchor-known 50 with --lr 0.025: their product must "
                                  "be at most 1, or each step pulls a known row past its old "
                                  "value"));
  CHECK_THROWS_WITH(gv::check_anchor(-1.0f, 0.025f), Catch::Contains("--anchor-known must be"));
  CHECK_THROWS_WITH(gv::check_anchor(std::numeric_limits<float>::quiet_NaN(), 0.025f),
                    Catch::Contains("--anchor-known must be"));
}
