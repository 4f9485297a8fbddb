#include "embeddings/position_tables.h"

#include <algorithm>

namespace gv {

Tensor leading_rows(const Tensor& table, int64_t rows) {
  const int64_t cols = table.size(1);
  Tensor out({rows, cols});
  std::copy_n(table.data(), rows * cols, out.data());
  return out;
}

}  // namespace gv
