#include <catch2/catch.hpp>

#include <limits>
#include <vector>

#include "io/finite_values.h"

TEST_CASE("The finite-values check finds the first NaN or infinity, by row", "[finite_values]") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const float inf = std::numeric_limits<float>::infinity();
  const float biggest = std::numeric_limits<float>::max();
  const std::vector<float> table = {0, -biggest, biggest, 1e-45f, 4, 5, -inf, nan, 8, 9, 10, 11};
  CHECK(gv::first_non_finite(table.data(), 6) == -1);  // the extremes are finite
  CHECK(gv::first_non_finite(table.data(), 12) == 6);
  CHECK(gv::non_finite_problem(table.data(), 6).empty());
  CHECK(gv::non_finite_problem(table.data() + 4, 4) == "value 3 is NaN or infinite");
  const gv::NonFiniteRow bad = gv::first_non_finite_row(table.data(), 12, 4);
  CHECK(bad.row == 1);
  CHECK(bad.problem == "value 3 is NaN or infinite");
  CHECK(gv::first_non_finite_row(table.data(), 6, 3).row == -1);
  CHECK(gv::first_non_finite_row(table.data(), 0, 3).row == -1);
}
