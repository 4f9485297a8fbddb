// The embedding bag: each output row is the mean of a bag of table rows. Its backward hands
// every id of a bag the bag's gradient, divided by the bag's size (BagGradient::mean) or whole
// (BagGradient::undivided, word2vec's CBOW update; see ops.h).
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "autograd/kernels.h"
#include "autograd/ops.h"
#include "autograd/ops/op_support.h"
#include "autograd/simd/kernel_table.h"

namespace gv {

namespace {

// Offsets must run from 0 to `num_ids`, rising at every bag: a mean of no rows is undefined.
void check_offsets(std::span<const int64_t> offsets, int64_t num_ids) {
  if (offsets.empty()) {
    throw std::invalid_argument("embedding_bag: offsets need B + 1 entries, got none");
  }
  if (offsets.front() != 0) {
    throw std::invalid_argument("embedding_bag: offsets must start at 0, got " +
                                std::to_string(offsets.front()));
  }
  for (size_t b = 0; b + 1 < offsets.size(); ++b) {
    if (offsets[b + 1] <= offsets[b]) {
      throw std::invalid_argument("embedding_bag: bag " + std::to_string(b) + " spans ids [" +
                                  std::to_string(offsets[b]) + ", " +
                                  std::to_string(offsets[b + 1]) + "): every bag needs an id");
    }
  }
  if (offsets.back() != num_ids) {
    throw std::invalid_argument("embedding_bag: offsets end at " + std::to_string(offsets.back()) +
                                " but there are " + std::to_string(num_ids) + " ids");
  }
}

}  // namespace

Var embedding_bag(const Var& table, std::span<const int64_t> ids, std::span<const int64_t> offsets,
                  BagGradient gradient) {
  const Shape& shape = table.shape();
  if (shape.size() != 2) {
    throw std::invalid_argument("embedding_bag: table must be (V, d), got shape " +
                                shape_str(shape));
  }
  check_offsets(offsets, static_cast<int64_t>(ids.size()));
  check_row_ids(ids, shape[0], "embedding_bag");
  const int64_t bags = static_cast<int64_t>(offsets.size()) - 1;
  const int64_t d = shape[1];
  Tensor out = Tensor::uninitialized({bags, d});  // (B, d), each row written whole below
  const float* rows = table.value().data();
  for (int64_t b = 0; b < bags; ++b) {
    if (b + 1 < bags) {  // the next bag's rows, picked at random from the table
      for (int64_t i = offsets[b + 1]; i < offsets[b + 2]; ++i) prefetch_row(rows + ids[i] * d, d);
    }
    // The bag's rows summed in order, kBlock rows per pass over `mean` (axpy_sum), the first
    // pass storing over the uninitialised row.
    float* mean = out.data() + b * d;
    axpy_sum(
        mean, d, offsets[b + 1] - offsets[b],
        [&](int64_t i) { return std::pair(1.0f, rows + ids[offsets[b] + i] * d); },
        /*overwrite=*/true);
    const float scale = 1.0f / static_cast<float>(offsets[b + 1] - offsets[b]);
    for (int64_t j = 0; j < d; ++j) mean[j] *= scale;
  }
  return make_result(
      std::move(out), {table},
      [ids = std::vector<int64_t>(ids.begin(), ids.end()),
       offsets = std::vector<int64_t>(offsets.begin(), offsets.end()), bags, d,
       divided = gradient == BagGradient::mean](Node& self) {
        Node& table = *self.inputs[0];
        // A leaf table gets one sparse entry per distinct id, an interior one a dense gradient
        // its own backward can read. A leaf with optimizer-in-backward (Node::sgd_lr_in_backward)
        // takes each row's SGD step here instead, its sparse gradient left empty.
        SparseRows* sparse = table.is_leaf() ? table.sparse_grad_rows() : nullptr;
        float* dense = table.is_leaf() ? nullptr : table.grad_data();
        if (!sparse && !dense) return;
        const float lr = sparse ? table.sgd_lr_in_backward : 0.0f;
        float* in_place = lr > 0.0f ? table.value.data() : nullptr;
        const KernelTable& kernel = kernels();  // once, not once a row
        for (int64_t b = 0; b < bags; ++b) {
          const float* g = self.grad.data() + b * d;  // dL/dmean_b
          const float scale =
              divided ? 1.0f / static_cast<float>(offsets[b + 1] - offsets[b]) : 1.0f;
          for (int64_t i = offsets[b]; i < offsets[b + 1]; ++i) {
            if (in_place) {
              kernel.sgd_update(in_place + ids[i] * d, g, d, lr * scale);
            } else if (sparse) {
              sparse->add_terms(ids[i], 1, [&](int64_t) { return std::pair(scale, g); });
            } else {
              axpy(scale, g, dense + ids[i] * d, d);
            }
          }
        }
      },
      "embedding_bag");
}

}  // namespace gv
