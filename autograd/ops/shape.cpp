// Ops that move elements rather than compute new ones: reshape, transpose, swap_dims, concat,
// slice and the embedding lookup gather_rows. Each backward routes the output gradient back to
// where its element came from.
#include <algorithm>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "autograd/ops.h"
#include "autograd/ops/op_support.h"

namespace gv {

namespace {

// dst[r, dst_offset + c] += src[r, src_offset + c] for c < width: moves a block of columns
// between two (rows, *) matrices. Concat and slice are this copy in opposite directions.
void add_columns(const float* src, int64_t src_cols, int64_t src_offset, float* dst,
                 int64_t dst_cols, int64_t dst_offset, int64_t rows, int64_t width) {
  for (int64_t r = 0; r < rows; ++r) {
    const float* from = src + r * src_cols + src_offset;
    float* to = dst + r * dst_cols + dst_offset;
    for (int64_t c = 0; c < width; ++c) to[c] += from[c];
  }
}

// dst = src (or dst += src, to accumulate a gradient) with dims n0 and n1 of
// (outer, n0, mid, n1, inner) swapped: dst is (outer, n1, mid, n0, inner). Blocks of `inner`
// floats move whole. swap_dims(a, d0, d1) is this copy one way and its backward the other.
template <bool Accumulate>
void swapped(const float* src, float* dst, int64_t outer, int64_t n0, int64_t mid, int64_t n1,
             int64_t inner) {
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i0 = 0; i0 < n0; ++i0) {
      for (int64_t m = 0; m < mid; ++m) {
        for (int64_t i1 = 0; i1 < n1; ++i1) {
          const float* from = src + (((o * n0 + i0) * mid + m) * n1 + i1) * inner;
          float* to = dst + (((o * n1 + i1) * mid + m) * n0 + i0) * inner;
          for (int64_t c = 0; c < inner; ++c) to[c] = Accumulate ? to[c] + from[c] : from[c];
        }
      }
    }
  }
}

}  // namespace

Var reshape(const Var& a, Shape shape) {
  const auto cannot_view = [&](const std::string& why) {
    throw std::invalid_argument("reshape: cannot view " + shape_str(a.shape()) + " as " +
                                shape_str(shape) + why);
  };
  // Resolve a single -1 from the element count the other entries leave over.
  int64_t inferred_dim = -1;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1 && inferred_dim < 0) {
      inferred_dim = static_cast<int64_t>(d);
    } else if (shape[d] < 0) {
      cannot_view(": at most one -1 and no other negatives");
    }
  }
  Shape known_dims = shape;
  if (inferred_dim >= 0) known_dims[static_cast<size_t>(inferred_dim)] = 1;
  int64_t known = 0;
  try {
    known = shape_numel(known_dims);  // checked: the entries may not multiply past kMaxNumel
  } catch (const std::length_error&) {
    cannot_view(": more elements than a tensor can hold");
  }
  if (inferred_dim >= 0) {
    if (known == 0 || a.numel() % known != 0) cannot_view("");
    shape[static_cast<size_t>(inferred_dim)] = a.numel() / known;
  }
  // Row-major order is unchanged, so the output shares storage and the gradient flows back
  // element for element.
  Tensor out = a.value().reshaped(std::move(shape));
  const int64_t n = out.numel();
  return make_result(
      std::move(out), {a},
      [n](Node& self) {
        const GradBuffer gx = self.inputs[0]->grad_buffer();
        if (!gx) return;
        const float* g = self.grad.data();
        gx.accumulate(n, [&](int64_t i) { return g[i]; });
      },
      "reshape");
}

Var transpose(const Var& a) {
  const Shape& shape = a.shape();
  if (shape.size() < 2) {
    throw std::invalid_argument("transpose: needs at least two dims, got shape " +
                                shape_str(shape));
  }
  // (..., M, N) -> (..., N, M): every leading index is a separate matrix.
  const int64_t rows = shape[shape.size() - 2];
  const int64_t cols = shape.back();
  const int64_t matrices = dims_product(shape, 0, shape.size() - 2);
  Shape out_shape = shape;
  std::swap(out_shape[shape.size() - 2], out_shape.back());
  Tensor out(out_shape);
  const float* x = a.value().data();
  for (int64_t m = 0; m < matrices; ++m) {
    add_transposed(x + m * rows * cols, out.data() + m * rows * cols, rows, cols);
  }
  return make_result(
      std::move(out), {a},
      [matrices, rows, cols](Node& self) {
        float* gx = self.inputs[0]->grad_data();
        if (!gx) return;
        const float* g = self.grad.data();  // (..., N, M)
        for (int64_t m = 0; m < matrices; ++m) {
          add_transposed(g + m * rows * cols, gx + m * rows * cols, cols, rows);
        }
      },
      "transpose");
}

Var swap_dims(const Var& a, int64_t dim0, int64_t dim1) {
  const Shape& shape = a.shape();
  const int64_t n = static_cast<int64_t>(shape.size());
  int64_t d0 = dim0 < 0 ? dim0 + n : dim0;
  int64_t d1 = dim1 < 0 ? dim1 + n : dim1;
  if (d0 < 0 || d0 >= n || d1 < 0 || d1 >= n) {
    throw std::out_of_range("swap_dims: dims " + std::to_string(dim0) + " and " +
                            std::to_string(dim1) + " out of range for shape " + shape_str(shape));
  }
  if (d0 > d1) std::swap(d0, d1);
  const size_t i0 = static_cast<size_t>(d0), i1 = static_cast<size_t>(d1);
  const int64_t outer = dims_product(shape, 0, i0);
  const int64_t mid = dims_product(shape, i0 + 1, i1);
  const int64_t inner = dims_product(shape, i1 + 1, shape.size());
  const int64_t n0 = shape[i0], n1 = shape[i1];
  Shape out_shape = shape;
  std::swap(out_shape[i0], out_shape[i1]);
  Tensor out = Tensor::uninitialized(out_shape);
  swapped<false>(a.value().data(), out.data(), outer, n0, mid, n1, inner);
  return make_result(
      std::move(out), {a},
      [outer, n0, mid, n1, inner](Node& self) {
        const GradBuffer gx = self.inputs[0]->grad_buffer();
        if (!gx) return;
        if (gx.fresh) {
          swapped<false>(self.grad.data(), gx.data, outer, n1, mid, n0, inner);
        } else {
          swapped<true>(self.grad.data(), gx.data, outer, n1, mid, n0, inner);
        }
      },
      "swap_dims");
}

Var concat(const std::vector<Var>& parts) {
  if (parts.empty()) throw std::invalid_argument("concat: no parts to join");
  const Shape& first = parts[0].shape();
  const RowsView view = rows_of(first, "concat");
  // Every part is (rows, width_p); the output is (rows, total width).
  std::vector<int64_t> widths;
  widths.reserve(parts.size());
  int64_t total = 0;
  for (const Var& part : parts) {
    const Shape& shape = part.shape();
    if (shape.size() != first.size() ||
        !std::equal(first.begin(), first.end() - 1, shape.begin())) {
      throw std::invalid_argument("concat: shapes " + shape_str(first) + " and " +
                                  shape_str(shape) + " differ outside the last dim");
    }
    // Each width fits, but their sum need not: checked before it is taken.
    if (shape.back() > kMaxNumel - total) {
      throw std::length_error(
          "concat: the parts' widths add up to more elements than a tensor "
          "can hold (at most " +
          std::to_string(kMaxNumel) + ")");
    }
    widths.push_back(shape.back());
    total += shape.back();
  }
  Shape out_shape = first;
  out_shape.back() = total;
  Tensor out(out_shape);
  int64_t offset = 0;
  for (size_t p = 0; p < parts.size(); ++p) {
    add_columns(parts[p].value().data(), widths[p], 0, out.data(), total, offset, view.rows,
                widths[p]);
    offset += widths[p];
  }
  return make_result(
      std::move(out), parts,
      [widths, rows = view.rows, total](Node& self) {
        const float* g = self.grad.data();
        int64_t offset = 0;
        for (size_t p = 0; p < widths.size(); ++p) {
          if (float* gp = self.inputs[p]->grad_data()) {
            add_columns(g, total, offset, gp, widths[p], 0, rows, widths[p]);
          }
          offset += widths[p];
        }
      },
      "concat");
}

Var slice(const Var& a, int64_t begin, int64_t end) {
  const RowsView view = rows_of(a.shape(), "slice");
  if (begin < 0 || begin > end || end > view.cols) {
    throw std::out_of_range("slice: columns [" + std::to_string(begin) + ", " +
                            std::to_string(end) + ") out of range for shape " +
                            shape_str(a.shape()));
  }
  const int64_t width = end - begin;
  Shape out_shape = a.shape();
  out_shape.back() = width;
  Tensor out(out_shape);
  add_columns(a.value().data(), view.cols, begin, out.data(), width, 0, view.rows, width);
  return make_result(
      std::move(out), {a},
      [view, begin, width](Node& self) {
        float* gx = self.inputs[0]->grad_data();
        if (!gx) return;
        add_columns(self.grad.data(), width, 0, gx, view.cols, begin, view.rows, width);
      },
      "slice");
}

Var gather_rows(const Var& table, std::span<const int64_t> ids, const Shape& ids_shape) {
  const Shape& shape = table.shape();
  if (shape.size() != 2) {
    throw std::invalid_argument("gather_rows: table must be (V, d), got shape " + shape_str(shape));
  }
  if (shape_numel(ids_shape) != static_cast<int64_t>(ids.size())) {
    throw std::invalid_argument("gather_rows: ids shape " + shape_str(ids_shape) + " holds " +
                                std::to_string(shape_numel(ids_shape)) + " ids, got " +
                                std::to_string(ids.size()));
  }
  const int64_t vocab = shape[0];
  const int64_t d = shape[1];
  check_row_ids(ids, vocab, "gather_rows");
  Shape out_shape = ids_shape;
  out_shape.push_back(d);
  Tensor out = Tensor::uninitialized(out_shape);  // (ids..., d), every row copied
  const float* rows = table.value().data();
  for (size_t i = 0; i < ids.size(); ++i) {
    std::copy_n(rows + ids[i] * d, d, out.data() + static_cast<int64_t>(i) * d);
  }
  return make_result(
      std::move(out), {table},
      [ids = std::vector<int64_t>(ids.begin(), ids.end()), d](Node& self) {
        Node& table = *self.inputs[0];
        const float* g = self.grad.data();  // (N, d)
        // A leaf table (the embedding parameter) gets one (id, d floats) entry per lookup,
        // never a dense (V, d) buffer; an interior one (a table computed by other ops) has a
        // dense gradient like any other value, so its own backward can read it.
        if (table.is_leaf()) {
          if (SparseRows* sparse = table.sparse_grad_rows()) sparse->append(ids, g);
        } else if (float* gt = table.grad_data()) {
          for (size_t i = 0; i < ids.size(); ++i) {
            float* gt_row = gt + ids[i] * d;
            const float* g_row = g + static_cast<int64_t>(i) * d;
            for (int64_t j = 0; j < d; ++j) gt_row[j] += g_row[j];
          }
        }
      },
      "gather_rows");
}

}  // namespace gv
