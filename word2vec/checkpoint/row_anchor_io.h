// A continued run's pull (anchored_rows.h) as a checkpoint (checkpoint.h) holds it: float
// lambda (0: none), count A of anchored rows (0 when lambda is 0), then A × (int64 vocabulary
// id, ascending; dim floats, the row's values in the model).
#pragma once

#include <cstdint>
#include <memory>

#include "autograd/tensor_io.h"
#include "word2vec/anchored_rows.h"

namespace gv {

// The first checkpoint version that holds it.
inline constexpr uint32_t kFirstAnchorVersion = 11;

// `anchor` null: none.
void write_row_anchor(TensorWriter& w, const RowAnchor* anchor, int64_t dim);

// Reads it, each field checked: lambda against check_anchor at `lr`, the ids against
// `vocab_size`, the values finite, and no anchor beside `frozen_rows` (the two are refused
// together). Null when lambda is 0. Throws as TensorReader::fail, naming the field.
std::shared_ptr<const RowAnchor> read_row_anchor(TensorReader& r, float lr, int64_t vocab_size,
                                                 int64_t dim, int64_t frozen_rows);

}  // namespace gv
