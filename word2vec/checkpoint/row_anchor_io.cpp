#include "word2vec/checkpoint/row_anchor_io.h"

#include <stdexcept>
#include <string>

namespace gv {

void write_row_anchor(TensorWriter& w, const RowAnchor* anchor, int64_t dim) {
  w.pod(anchor ? anchor->lambda : 0.0f);
  w.count(anchor ? static_cast<int64_t>(anchor->rows.size()) : 0);
  if (!anchor) return;
  for (size_t k = 0; k < anchor->rows.size(); ++k) {
    w.pod(anchor->rows[k]);
    w.floats(anchor->values.data() + static_cast<int64_t>(k) * dim, dim);
  }
}

std::shared_ptr<const RowAnchor> read_row_anchor(TensorReader& r, float lr, int64_t vocab_size,
                                                 int64_t dim, int64_t frozen_rows) {
  const auto lambda = r.pod<float>("anchor");
  try {
    check_anchor(lambda, lr);
  } catch (const std::invalid_argument& e) {
    r.fail(e.what());
  }
  const int64_t rows =
      r.count("anchored rows", static_cast<int64_t>(sizeof(int64_t) + dim * sizeof(float)));
  if (lambda == 0.0f) {
    r.require_field(rows == 0, "anchored rows", "0 with anchor lambda 0", rows);
    return nullptr;
  }
  r.require_field(frozen_rows == 0, "frozen rows", "0 beside an anchor", frozen_rows);
  r.require_field(rows >= 1 && rows <= vocab_size, "anchored rows",
                  TensorReader::in_range(1, vocab_size) + " (the vocabulary size)", rows);
  auto anchor = std::make_shared<RowAnchor>();
  anchor->lambda = lambda;
  anchor->values = Tensor({rows, dim});
  for (int64_t k = 0; k < rows; ++k) {
    const auto id = r.pod<int64_t>("anchored rows");
    const int64_t least = anchor->rows.empty() ? 0 : anchor->rows.back() + 1;
    r.require_field(id >= least && id < vocab_size, "anchored row",
                    TensorReader::in_range(least, vocab_size - 1) + " (ascending vocabulary ids)",
                    id);
    anchor->rows.push_back(id);
    float* values = anchor->values.data() + k * dim;
    r.floats(values, dim, ("anchored row " + std::to_string(id)).c_str());
  }
  return anchor;
}

}  // namespace gv
