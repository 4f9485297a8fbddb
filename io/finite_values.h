// The one check of the floats a file brings: no NaN and no infinity. Every reader of stored
// values (vector files, fastText models, checkpoints' tables and optimizer states, lm
// checkpoints, parameter files) refuses one as it loads, naming the row, and the vector writers
// refuse what their readers would. A run that started from a NaN trained on it and learned only
// when it wrote its vectors that they could not be written, as the checkpoint it kept then could
// not be resumed either.
#pragma once

#include <cstdint>
#include <string>

namespace gv {

// Index of the first NaN or infinity in values[0, n), or -1.
int64_t first_non_finite(const float* values, int64_t n);

// Why `row` (n floats) cannot be loaded or stored: "value K is NaN or infinite", K counted from
// 1, or "" when every value is finite.
std::string non_finite_problem(const float* row, int64_t n);

// For a table of n floats in rows of `width`: the first row that holds a NaN or an infinity and
// why, as non_finite_problem says it; {-1, ""} when every value is finite. One pass over the
// table, however many rows it has.
struct NonFiniteRow {
  int64_t row = -1;
  std::string problem;
};
NonFiniteRow first_non_finite_row(const float* values, int64_t n, int64_t width);

}  // namespace gv
