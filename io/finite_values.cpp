#include "io/finite_values.h"

#include <algorithm>
#include <cmath>

namespace gv {

int64_t first_non_finite(const float* values, int64_t n) {
  const float* bad = std::find_if(values, values + n, [](float v) { return !std::isfinite(v); });
  return bad == values + n ? -1 : bad - values;
}

std::string non_finite_problem(const float* row, int64_t n) {
  const int64_t bad = first_non_finite(row, n);
  return bad < 0 ? "" : "value " + std::to_string(bad + 1) + " is NaN or infinite";
}

NonFiniteRow first_non_finite_row(const float* values, int64_t n, int64_t width) {
  const int64_t bad = first_non_finite(values, n);
  if (bad < 0) return {};
  const int64_t row = bad / width;
  return {row, non_finite_problem(values + row * width, width)};
}

}  // namespace gv
