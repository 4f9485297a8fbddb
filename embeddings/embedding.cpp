#include "embeddings/embedding.h"

#include <algorithm>
#include <atomic>
#include <stdexcept>
#include <string>
#include <vector>

#include "autograd/machine.h"
#include "autograd/ops.h"
#include "autograd/require.h"

namespace gv {

namespace {

// (rows, width): the first dim columns uniform in [-bound, bound], the rest zero. Filled by
// `threads` threads in blocks of rows: block b draws from its own stream, seeded with one draw
// of `rng` plus b, so the table is the same for any number of threads (and any width).
Tensor uniform_table(int64_t rows, int64_t dim, int64_t width, float bound, int threads, Rng& rng) {
  constexpr int64_t kBlockRows = 4096;
  Tensor table = Tensor::uninitialized({rows, width});
  const uint64_t base = rng.next_u64();
  const int64_t blocks = (rows + kBlockRows - 1) / kBlockRows;
  std::atomic<int64_t> next_block{0};
  const auto fill_blocks = [&] {
    for (int64_t b; (b = next_block.fetch_add(1)) < blocks;) {
      Rng stream(base + static_cast<uint64_t>(b));
      for (int64_t r = b * kBlockRows; r < std::min(rows, (b + 1) * kBlockRows); ++r) {
        float* row = table.data() + r * width;
        for (int64_t j = 0; j < dim; ++j) row[j] = bound * (2.0f * stream.uniform() - 1.0f);
        std::fill(row + dim, row + width, 0.0f);
      }
    }
  };
  run_on_threads(static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(threads, blocks))),
                 [&](int) { fill_blocks(); });
  return table;
}

// (vocab_size, width) with the first dim columns initialised as `options` asks, the rest zero.
Tensor initial_table(int64_t vocab_size, int64_t dim, int64_t width,
                     const EmbeddingOptions& options, Rng& rng) {
  switch (options.init) {
    case EmbeddingInit::normal: {
      const Tensor values = Tensor::normal({vocab_size, dim}, 0.0f, 1.0f, rng);
      if (width == dim) return values;
      Tensor table = Tensor::zeros({vocab_size, width});
      for (int64_t r = 0; r < vocab_size; ++r)
        std::copy_n(values.data() + r * dim, dim, table.data() + r * width);
      return table;
    }
    case EmbeddingInit::word2vec_uniform:
      return uniform_table(vocab_size, dim, width, options.uniform_scale / static_cast<float>(dim),
                           options.init_threads, rng);
    case EmbeddingInit::zeros:
      return Tensor::zeros({vocab_size, width});
  }
  throw std::invalid_argument("Embedding: unknown init");
}

// Identity on `rows` (N, C) whose backward passes the gradient through except at the
// positions where `blocked[n]` is set: those lookups of the padding id send nothing back.
Var block_gradient_at(const Var& rows, std::vector<char> blocked) {
  const int64_t dim = rows.size(-1);
  return make_result(
      rows.value().alias(), {rows},
      [blocked = std::move(blocked), dim](Node& self) {
        float* in_grad = self.inputs[0]->grad_data();
        if (!in_grad) return;
        const float* out_grad = self.grad.data();
        for (size_t n = 0; n < blocked.size(); ++n) {
          if (blocked[n]) continue;
          const int64_t offset = static_cast<int64_t>(n) * dim;
          for (int64_t c = 0; c < dim; ++c) in_grad[offset + c] += out_grad[offset + c];
        }
      },
      "block_gradient_at");
}

}  // namespace

Embedding::Embedding(int64_t vocab_size, int64_t dim, Rng& rng, EmbeddingOptions options)
    : dim_(dim), padding_id_(options.padding_id) {
  require_positive("Embedding: vocab_size", vocab_size);
  require_positive("Embedding: dim", dim);
  if (padding_id_ && (*padding_id_ < 0 || *padding_id_ >= vocab_size)) {
    throw std::invalid_argument("Embedding: padding id " + std::to_string(*padding_id_) +
                                " is outside the vocabulary [0, " + std::to_string(vocab_size) +
                                ")");
  }
  require_finite_positive("Embedding: uniform_scale", options.uniform_scale);
  const int64_t width = options.row_floats == 0 ? dim : options.row_floats;
  if (width < dim) {
    throw std::invalid_argument("Embedding: row_floats " + std::to_string(options.row_floats) +
                                " is fewer than dim " + std::to_string(dim));
  }
  Tensor table = initial_table(vocab_size, dim, width, options, rng);
  if (padding_id_) std::fill_n(table.data() + *padding_id_ * width, width, 0.0f);
  weight_ = Var::parameter(std::move(table));
}

Embedding Embedding::view() const {
  Embedding copy = *this;
  copy.weight_ = Var::view_of(weight_);
  return copy;
}

Var Embedding::forward(std::span<const int64_t> ids, const Shape& ids_shape) const {
  const int64_t vocab = vocab_size();
  bool any_padding = false;
  for (size_t n = 0; n < ids.size(); ++n) {
    if (ids[n] < 0 || ids[n] >= vocab) {
      throw std::out_of_range("Embedding: id " + std::to_string(ids[n]) + " at position " +
                              std::to_string(n) + " is outside the vocabulary of size " +
                              std::to_string(vocab));
    }
    any_padding = any_padding || (padding_id_ && ids[n] == *padding_id_);
  }
  const Var rows = gather_rows(weight_, ids, ids_shape);
  if (!any_padding) return rows;
  std::vector<char> blocked(ids.size());
  for (size_t n = 0; n < ids.size(); ++n) blocked[n] = ids[n] == *padding_id_;
  return block_gradient_at(rows, std::move(blocked));
}

}  // namespace gv
