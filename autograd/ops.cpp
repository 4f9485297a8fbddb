// The differentiable ops, micrograd-style: each forward loop is followed by the backward
// function that make_result records for it.
//
// Backward functions capture only plain data (shapes, ids, scalars). They reach their inputs
// through `self.inputs[i]` and the output gradient through `self.grad`: capturing a Var would
// let a node own itself (a leak) and defeat ~Node's iterative teardown. Every input gradient
// is accumulated with `+=`, because a value used twice receives both contributions, and
// `grad_data()` returns nullptr for inputs that need no gradient, which are skipped.
#include "autograd/ops.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace gv {

namespace {

// ---- shared helpers ----

// Product of shape[begin, end): the "outer" and "inner" sizes around a dim.
int64_t dims_product(const Shape& shape, size_t begin, size_t end) {
  int64_t n = 1;
  for (size_t i = begin; i < end; ++i) n *= shape[i];
  return n;
}

// A possibly negative dim as an index into `shape`; throws std::out_of_range naming both.
size_t normalize_dim(int64_t dim, const Shape& shape, const char* op) {
  const int64_t n = static_cast<int64_t>(shape.size());
  const int64_t d = dim < 0 ? dim + n : dim;
  if (d < 0 || d >= n) {
    throw std::out_of_range(std::string(op) + ": dim " + std::to_string(dim) +
                            " out of range for shape " + shape_str(shape));
  }
  return static_cast<size_t>(d);
}

// Ops that work along the last dim see their input as (rows, C).
struct RowsView {
  int64_t rows;
  int64_t cols;
};
RowsView rows_of(const Shape& shape, const char* op) {
  if (shape.empty()) {
    throw std::invalid_argument(std::string(op) + ": needs at least one dim, got shape ()");
  }
  return {dims_product(shape, 0, shape.size() - 1), shape.back()};
}

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

// dst (cols, rows) += src (rows, cols)^T.
void add_transposed(const float* src, float* dst, int64_t rows, int64_t cols) {
  for (int64_t i = 0; i < rows; ++i) {
    for (int64_t j = 0; j < cols; ++j) dst[j * rows + i] += src[i * cols + j];
  }
}

// c (M, N) += a (M, K) @ b (K, N). The i-k-j order makes the innermost loop walk a row of b
// and a row of c contiguously, so it vectorises; __restrict__ tells the compiler c does not
// alias the operands, sparing a runtime overlap check.
void matmul_add(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c,
                int64_t m, int64_t k, int64_t n) {
  for (int64_t i = 0; i < m; ++i) {
    float* c_row = c + i * n;
    for (int64_t p = 0; p < k; ++p) {
      const float a_ip = a[i * k + p];
      const float* b_row = b + p * n;
      for (int64_t j = 0; j < n; ++j) c_row[j] += a_ip * b_row[j];
    }
  }
}

// c (K, N) += a^T @ b for a (M, K), b (M, N): the right operand's gradient A^T dC, in the
// same contiguous inner-loop form without materialising a^T.
void matmul_at_b_add(const float* __restrict__ a, const float* __restrict__ b,
                     float* __restrict__ c, int64_t m, int64_t k, int64_t n) {
  for (int64_t i = 0; i < m; ++i) {
    const float* b_row = b + i * n;
    for (int64_t p = 0; p < k; ++p) {
      const float a_ip = a[i * k + p];
      float* c_row = c + p * n;
      for (int64_t j = 0; j < n; ++j) c_row[j] += a_ip * b_row[j];
    }
  }
}

// σ(x) without overflow: exp is only ever taken of a non-positive number.
float stable_sigmoid(float x) {
  if (x >= 0.0f) return 1.0f / (1.0f + std::exp(-x));
  const float e = std::exp(x);
  return e / (1.0f + e);
}

// log Σ_c exp(x[c]) over one row of n >= 1 values, shifted by the row max so no exp overflows.
float log_sum_exp(const float* x, int64_t n) {
  const float max = *std::max_element(x, x + n);
  float sum = 0.0f;
  for (int64_t c = 0; c < n; ++c) sum += std::exp(x[c] - max);
  return max + std::log(sum);
}

// How the elements of two NumPy-broadcast operands line up with those of their result.
// for_each(f) calls f(out_index, a_index, b_index) for every output element in order.
// Equal shapes and "one shape is a suffix of the other" ((B, T, C) with (T, C), or with a
// scalar) are the hot cases and get flat loops; anything else walks an odometer.
class Broadcast {
 public:
  static Broadcast of(const Shape& a, const Shape& b, const char* op) {
    Broadcast bc;
    bc.a_numel_ = shape_numel(a);
    bc.b_numel_ = shape_numel(b);
    if (a == b) {
      bc.layout_ = Layout::kSame;
      bc.out_ = a;
    } else if (is_suffix(b, a)) {
      bc.layout_ = Layout::kBIsSuffix;
      bc.out_ = a;
    } else if (is_suffix(a, b)) {
      bc.layout_ = Layout::kAIsSuffix;
      bc.out_ = b;
    } else {
      bc.layout_ = Layout::kGeneral;
      bc.init_general(a, b, op);
    }
    bc.out_numel_ = shape_numel(bc.out_);
    return bc;
  }

  const Shape& out_shape() const { return out_; }

  template <class F>
  void for_each(F&& f) const {
    switch (layout_) {
      case Layout::kSame:
        for (int64_t i = 0; i < out_numel_; ++i) f(i, i, i);
        return;
      case Layout::kBIsSuffix:  // b repeats every b_numel_ elements of a
        if (b_numel_ == 0) return;
        for (int64_t base = 0; base < out_numel_; base += b_numel_) {
          for (int64_t j = 0; j < b_numel_; ++j) f(base + j, base + j, j);
        }
        return;
      case Layout::kAIsSuffix:
        if (a_numel_ == 0) return;
        for (int64_t base = 0; base < out_numel_; base += a_numel_) {
          for (int64_t i = 0; i < a_numel_; ++i) f(base + i, i, base + i);
        }
        return;
      case Layout::kGeneral:
        for_each_general(f);
        return;
    }
  }

 private:
  enum class Layout { kSame, kBIsSuffix, kAIsSuffix, kGeneral };

  // True when `small` equals the trailing dims of the longer `big`.
  static bool is_suffix(const Shape& small, const Shape& big) {
    return small.size() < big.size() &&
           std::equal(small.begin(), small.end(),
                      big.end() - static_cast<std::ptrdiff_t>(small.size()));
  }

  void init_general(const Shape& a, const Shape& b, const char* op) {
    const size_t n = std::max(a.size(), b.size());
    out_.assign(n, 1);
    a_strides_.assign(n, 0);
    b_strides_.assign(n, 0);
    // Right-aligned: dim d of the output is dim d - (n - size) of each operand.
    int64_t a_stride = 1, b_stride = 1;
    for (size_t d = n; d-- > 0;) {
      const int64_t a_dim = d + a.size() >= n ? a[d + a.size() - n] : 1;
      const int64_t b_dim = d + b.size() >= n ? b[d + b.size() - n] : 1;
      if (a_dim != b_dim && a_dim != 1 && b_dim != 1) {
        throw std::invalid_argument(std::string(op) + ": shapes " + shape_str(a) + " and " +
                                    shape_str(b) + " cannot be broadcast together");
      }
      out_[d] = a_dim == 1 ? b_dim : a_dim;
      // A stretched dim has stride 0: every output index along it reads the same element.
      a_strides_[d] = a_dim == 1 ? 0 : a_stride;
      b_strides_[d] = b_dim == 1 ? 0 : b_stride;
      a_stride *= a_dim;
      b_stride *= b_dim;
    }
  }

  // The last dim is a strided inner loop; the others advance like an odometer, moving each
  // operand's offset by its stride and rewinding it when a dim wraps around.
  template <class F>
  void for_each_general(F& f) const {
    if (out_numel_ == 0) return;
    const size_t n = out_.size();
    const int64_t inner = out_.back();
    const int64_t a_step = a_strides_.back(), b_step = b_strides_.back();
    std::vector<int64_t> index(n, 0);
    int64_t a_offset = 0, b_offset = 0;
    for (int64_t o = 0; o < out_numel_; o += inner) {
      for (int64_t j = 0; j < inner; ++j) f(o + j, a_offset + j * a_step, b_offset + j * b_step);
      for (size_t d = n - 1; d-- > 0;) {
        a_offset += a_strides_[d];
        b_offset += b_strides_[d];
        if (++index[d] < out_[d]) break;
        a_offset -= a_strides_[d] * out_[d];
        b_offset -= b_strides_[d] * out_[d];
        index[d] = 0;
      }
    }
  }

  Layout layout_ = Layout::kSame;
  Shape out_;
  int64_t out_numel_ = 0, a_numel_ = 0, b_numel_ = 0;
  std::vector<int64_t> a_strides_, b_strides_;  // per output dim, kGeneral only
};

// y = f(x) for every element. The backward scales the output gradient by dy/dx, which
// `dydx(x, y)` computes from the input and the output, whichever is cheaper.
template <class F, class DyDx>
Var elementwise(const Var& a, F f, DyDx dydx, const char* op) {
  Tensor out(a.shape());
  const float* x = a.value().data();
  float* y = out.data();
  const int64_t n = out.numel();
  for (int64_t i = 0; i < n; ++i) y[i] = f(x[i]);
  return make_result(
      std::move(out), {a},
      [dydx, n](Node& self) {
        float* gx = self.inputs[0]->grad_data();
        if (!gx) return;
        const float* x = self.inputs[0]->value.data();
        const float* y = self.value.data();
        const float* g = self.grad.data();
        for (int64_t i = 0; i < n; ++i) gx[i] += g[i] * dydx(x[i], y[i]);
      },
      op);
}

// scale * Σ over all elements -> shape (): sum and mean.
Var reduce_all(const Var& a, float scale, const char* op) {
  const float* x = a.value().data();
  const int64_t n = a.numel();
  float total = 0.0f;
  for (int64_t i = 0; i < n; ++i) total += x[i];
  return make_result(
      Tensor::scalar(scale * total), {a},
      [scale, n](Node& self) {
        float* gx = self.inputs[0]->grad_data();
        if (!gx) return;
        const float g = scale * self.grad[0];
        for (int64_t i = 0; i < n; ++i) gx[i] += g;
      },
      op);
}

// scale * Σ along `dim`: sum and mean along a dim. The input is viewed as (outer, n, inner)
// and the output as (outer, inner), so the innermost loop is contiguous in both.
Var reduce_dim(const Var& a, int64_t dim, bool keepdim, bool average, const char* op) {
  const Shape& shape = a.shape();
  const size_t d = normalize_dim(dim, shape, op);
  const int64_t outer = dims_product(shape, 0, d);
  const int64_t n = shape[d];
  const int64_t inner = dims_product(shape, d + 1, shape.size());
  const float scale = average ? 1.0f / static_cast<float>(n) : 1.0f;
  Shape out_shape = shape;
  if (keepdim) {
    out_shape[d] = 1;
  } else {
    out_shape.erase(out_shape.begin() + static_cast<std::ptrdiff_t>(d));
  }
  Tensor out(out_shape);
  const float* x = a.value().data();
  float* y = out.data();
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t k = 0; k < n; ++k) {
      const float* x_row = x + (o * n + k) * inner;
      for (int64_t i = 0; i < inner; ++i) y[o * inner + i] += x_row[i];
    }
  }
  for (int64_t i = 0; i < out.numel(); ++i) y[i] *= scale;
  return make_result(
      std::move(out), {a},
      [outer, n, inner, scale](Node& self) {
        float* gx = self.inputs[0]->grad_data();
        if (!gx) return;
        const float* g = self.grad.data();
        for (int64_t o = 0; o < outer; ++o) {
          for (int64_t k = 0; k < n; ++k) {
            float* gx_row = gx + (o * n + k) * inner;
            for (int64_t i = 0; i < inner; ++i) gx_row[i] += scale * g[o * inner + i];
          }
        }
      },
      op);
}

}  // namespace

// ---- elementwise, with broadcasting ----

Var add(const Var& a, const Var& b) {
  const Broadcast bc = Broadcast::of(a.shape(), b.shape(), "add");
  Tensor out(bc.out_shape());
  const float* x = a.value().data();
  const float* y = b.value().data();
  float* z = out.data();
  bc.for_each([&](int64_t o, int64_t i, int64_t j) { z[o] = x[i] + y[j]; });
  return make_result(
      std::move(out), {a, b},
      [bc](Node& self) {
        const float* g = self.grad.data();
        // A stretched operand receives the sum of the gradients of every copy of it.
        if (float* gx = self.inputs[0]->grad_data()) {
          bc.for_each([&](int64_t o, int64_t i, int64_t) { gx[i] += g[o]; });
        }
        if (float* gy = self.inputs[1]->grad_data()) {
          bc.for_each([&](int64_t o, int64_t, int64_t j) { gy[j] += g[o]; });
        }
      },
      "add");
}

Var sub(const Var& a, const Var& b) {
  const Broadcast bc = Broadcast::of(a.shape(), b.shape(), "sub");
  Tensor out(bc.out_shape());
  const float* x = a.value().data();
  const float* y = b.value().data();
  float* z = out.data();
  bc.for_each([&](int64_t o, int64_t i, int64_t j) { z[o] = x[i] - y[j]; });
  return make_result(
      std::move(out), {a, b},
      [bc](Node& self) {
        const float* g = self.grad.data();
        if (float* gx = self.inputs[0]->grad_data()) {
          bc.for_each([&](int64_t o, int64_t i, int64_t) { gx[i] += g[o]; });
        }
        if (float* gy = self.inputs[1]->grad_data()) {
          bc.for_each([&](int64_t o, int64_t, int64_t j) { gy[j] -= g[o]; });
        }
      },
      "sub");
}

Var mul(const Var& a, const Var& b) {
  const Broadcast bc = Broadcast::of(a.shape(), b.shape(), "mul");
  Tensor out(bc.out_shape());
  const float* x = a.value().data();
  const float* y = b.value().data();
  float* z = out.data();
  bc.for_each([&](int64_t o, int64_t i, int64_t j) { z[o] = x[i] * y[j]; });
  return make_result(
      std::move(out), {a, b},
      [bc](Node& self) {
        const float* g = self.grad.data();
        const float* x = self.inputs[0]->value.data();
        const float* y = self.inputs[1]->value.data();
        if (float* gx = self.inputs[0]->grad_data()) {
          bc.for_each([&](int64_t o, int64_t i, int64_t j) { gx[i] += g[o] * y[j]; });
        }
        if (float* gy = self.inputs[1]->grad_data()) {
          bc.for_each([&](int64_t o, int64_t i, int64_t j) { gy[j] += g[o] * x[i]; });
        }
      },
      "mul");
}

Var div(const Var& a, const Var& b) {
  const Broadcast bc = Broadcast::of(a.shape(), b.shape(), "div");
  Tensor out(bc.out_shape());
  const float* x = a.value().data();
  const float* y = b.value().data();
  float* z = out.data();
  bc.for_each([&](int64_t o, int64_t i, int64_t j) { z[o] = x[i] / y[j]; });
  return make_result(
      std::move(out), {a, b},
      [bc](Node& self) {
        const float* g = self.grad.data();
        const float* y = self.inputs[1]->value.data();
        const float* z = self.value.data();
        // d(x/y)/dx = 1/y, d(x/y)/dy = -x/y^2 = -z/y.
        if (float* gx = self.inputs[0]->grad_data()) {
          bc.for_each([&](int64_t o, int64_t i, int64_t j) { gx[i] += g[o] / y[j]; });
        }
        if (float* gy = self.inputs[1]->grad_data()) {
          bc.for_each([&](int64_t o, int64_t, int64_t j) { gy[j] -= g[o] * z[o] / y[j]; });
        }
      },
      "div");
}

Var neg(const Var& a) {
  return elementwise(
      a, [](float x) { return -x; }, [](float, float) { return -1.0f; }, "neg");
}

Var add_scalar(const Var& a, float s) {
  return elementwise(
      a, [s](float x) { return x + s; }, [](float, float) { return 1.0f; }, "add_scalar");
}

Var mul_scalar(const Var& a, float s) {
  return elementwise(
      a, [s](float x) { return x * s; }, [s](float, float) { return s; }, "mul_scalar");
}

Var pow_scalar(const Var& a, float p) {
  return elementwise(
      a, [p](float x) { return std::pow(x, p); },
      [p](float x, float) { return p * std::pow(x, p - 1.0f); }, "pow_scalar");
}

// ---- unary, elementwise ----

Var exp(const Var& a) {
  return elementwise(
      a, [](float x) { return std::exp(x); }, [](float, float y) { return y; }, "exp");
}

Var log(const Var& a) {
  return elementwise(
      a, [](float x) { return std::log(x); }, [](float x, float) { return 1.0f / x; }, "log");
}

Var sigmoid(const Var& a) {
  return elementwise(
      a, stable_sigmoid, [](float, float y) { return y * (1.0f - y); }, "sigmoid");
}

Var tanh(const Var& a) {
  return elementwise(
      a, [](float x) { return std::tanh(x); }, [](float, float y) { return 1.0f - y * y; }, "tanh");
}

Var relu(const Var& a) {
  return elementwise(
      a, [](float x) { return x > 0.0f ? x : 0.0f; },
      [](float x, float) { return x > 0.0f ? 1.0f : 0.0f; }, "relu");
}

// log σ(x) = min(x, 0) - log1p(exp(-|x|)): exp never sees a positive argument, and for
// x -> -inf the result tends to x instead of log(0). Its slope is 1 - σ(x) = σ(-x).
Var log_sigmoid(const Var& a) {
  return elementwise(
      a, [](float x) { return std::min(x, 0.0f) - std::log1p(std::exp(-std::fabs(x))); },
      [](float x, float) { return stable_sigmoid(-x); }, "log_sigmoid");
}

// ---- shape ----

Var reshape(const Var& a, Shape shape) {
  // Resolve a single -1 from the element count the other entries leave over.
  int64_t known = 1;
  int64_t inferred_dim = -1;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1 && inferred_dim < 0) {
      inferred_dim = static_cast<int64_t>(d);
    } else if (shape[d] < 0) {
      throw std::invalid_argument("reshape: cannot view " + shape_str(a.shape()) + " as " +
                                  shape_str(shape) + ": at most one -1 and no other negatives");
    } else {
      known *= shape[d];
    }
  }
  if (inferred_dim >= 0) {
    if (known == 0 || a.numel() % known != 0) {
      throw std::invalid_argument("reshape: cannot view " + shape_str(a.shape()) + " as " +
                                  shape_str(shape));
    }
    shape[static_cast<size_t>(inferred_dim)] = a.numel() / known;
  }
  // Row-major order is unchanged, so the output shares storage and the gradient flows back
  // element for element.
  Tensor out = a.value().reshaped(std::move(shape));
  const int64_t n = out.numel();
  return make_result(
      std::move(out), {a},
      [n](Node& self) {
        float* gx = self.inputs[0]->grad_data();
        if (!gx) return;
        const float* g = self.grad.data();
        for (int64_t i = 0; i < n; ++i) gx[i] += g[i];
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

// ---- reductions ----

Var sum(const Var& a) {
  return reduce_all(a, 1.0f, "sum");
}

Var sum(const Var& a, int64_t dim, bool keepdim) {
  return reduce_dim(a, dim, keepdim, /*average=*/false, "sum");
}

Var mean(const Var& a) {
  return reduce_all(a, 1.0f / static_cast<float>(a.numel()), "mean");
}

Var mean(const Var& a, int64_t dim, bool keepdim) {
  return reduce_dim(a, dim, keepdim, /*average=*/true, "mean");
}

// ---- linear algebra ----

Var matmul(const Var& a, const Var& b) {
  const Shape& as = a.shape();
  const Shape& bs = b.shape();
  // The message is built only on failure: matmul sits in hot loops.
  const auto reject = [&](const char* why) {
    throw std::invalid_argument("matmul: " + shape_str(as) + " @ " + shape_str(bs) + ": " + why);
  };
  const bool batched = as.size() == 3 && bs.size() == 3;
  const bool shared_right = as.size() == 3 && bs.size() == 2;
  if (!batched && !shared_right && !(as.size() == 2 && bs.size() == 2)) {
    reject("expected (M, K) @ (K, N), (B, M, K) @ (B, K, N) or (B, M, K) @ (K, N)");
  }
  if (as.back() != bs[bs.size() - 2]) reject("inner dimensions differ");
  if (batched && as[0] != bs[0]) reject("batch sizes differ");
  // One (M, K) @ (K, N) product per batch. With the right side shared, (B, M, K) is one
  // (B*M, K) matrix, so that case is a single 2-D product.
  const int64_t batches = batched ? as[0] : 1;
  const int64_t m = shared_right ? as[0] * as[1] : as[as.size() - 2];
  const int64_t k = as.back();
  const int64_t n = bs.back();
  Shape out_shape = as;
  out_shape.back() = n;
  Tensor out(out_shape);
  for (int64_t t = 0; t < batches; ++t) {
    matmul_add(a.value().data() + t * m * k, b.value().data() + t * k * n, out.data() + t * m * n,
               m, k, n);
  }
  return make_result(
      std::move(out), {a, b},
      [batches, m, k, n](Node& self) {
        const float* g = self.grad.data();  // dC (batches, M, N)
        const float* x = self.inputs[0]->value.data();
        const float* y = self.inputs[1]->value.data();
        // dA = dC @ B^T. B is transposed once into (N, K) so the kernel's inner loop stays
        // contiguous; that is K*N floats per batch, small next to the product itself.
        if (float* gx = self.inputs[0]->grad_data()) {
          std::vector<float> y_t(static_cast<size_t>(batches * k * n), 0.0f);
          for (int64_t t = 0; t < batches; ++t) {
            add_transposed(y + t * k * n, y_t.data() + t * k * n, k, n);
            matmul_add(g + t * m * n, y_t.data() + t * k * n, gx + t * m * k, m, n, k);
          }
        }
        // dB = A^T @ dC.
        if (float* gy = self.inputs[1]->grad_data()) {
          for (int64_t t = 0; t < batches; ++t) {
            matmul_at_b_add(x + t * m * k, g + t * m * n, gy + t * k * n, m, k, n);
          }
        }
      },
      "matmul");
}

// ---- along the last dim, numerically stable ----

namespace {
// y = x - log Σ exp(x) along each row of x (rows, cols): log_softmax, and softmax before its exp.
Tensor log_softmax_rows(const Tensor& x, const RowsView& view) {
  Tensor out(x.shape());
  for (int64_t r = 0; r < view.rows; ++r) {
    const float* x_row = x.data() + r * view.cols;
    float* y_row = out.data() + r * view.cols;
    const float lse = log_sum_exp(x_row, view.cols);
    for (int64_t c = 0; c < view.cols; ++c) y_row[c] = x_row[c] - lse;
  }
  return out;
}
}  // namespace

Var softmax(const Var& a) {
  const RowsView view = rows_of(a.shape(), "softmax");
  Tensor out = log_softmax_rows(a.value(), view);
  float* y = out.data();
  for (int64_t i = 0; i < out.numel(); ++i) y[i] = std::exp(y[i]);
  return make_result(
      std::move(out), {a},
      [view](Node& self) {
        float* gx = self.inputs[0]->grad_data();
        if (!gx) return;
        // dx_c = y_c (g_c - Σ_j g_j y_j): the Jacobian diag(y) - y y^T applied to g.
        for (int64_t r = 0; r < view.rows; ++r) {
          const float* y = self.value.data() + r * view.cols;
          const float* g = self.grad.data() + r * view.cols;
          float* gx_row = gx + r * view.cols;
          float g_dot_y = 0.0f;
          for (int64_t c = 0; c < view.cols; ++c) g_dot_y += g[c] * y[c];
          for (int64_t c = 0; c < view.cols; ++c) gx_row[c] += y[c] * (g[c] - g_dot_y);
        }
      },
      "softmax");
}

Var log_softmax(const Var& a) {
  const RowsView view = rows_of(a.shape(), "log_softmax");
  Tensor out = log_softmax_rows(a.value(), view);
  return make_result(
      std::move(out), {a},
      [view](Node& self) {
        float* gx = self.inputs[0]->grad_data();
        if (!gx) return;
        // dx_c = g_c - softmax_c Σ_j g_j, with softmax = exp(log_softmax).
        for (int64_t r = 0; r < view.rows; ++r) {
          const float* y = self.value.data() + r * view.cols;
          const float* g = self.grad.data() + r * view.cols;
          float* gx_row = gx + r * view.cols;
          float g_sum = 0.0f;
          for (int64_t c = 0; c < view.cols; ++c) g_sum += g[c];
          for (int64_t c = 0; c < view.cols; ++c) gx_row[c] += g[c] - std::exp(y[c]) * g_sum;
        }
      },
      "log_softmax");
}

// ---- losses ----

Var cross_entropy(const Var& logits, std::span<const int64_t> targets) {
  const Shape& shape = logits.shape();
  if (shape.size() != 2 || shape[0] == 0 || shape[1] == 0 ||
      static_cast<int64_t>(targets.size()) != shape[0]) {
    throw std::invalid_argument("cross_entropy: expected logits (N, C) with N, C > 0 and N = " +
                                std::to_string(targets.size()) + " targets, got shape " +
                                shape_str(shape));
  }
  const int64_t n = shape[0];
  const int64_t c = shape[1];
  for (int64_t row = 0; row < n; ++row) {
    const int64_t target = targets[static_cast<size_t>(row)];
    if (target < 0 || target >= c) {
      throw std::out_of_range("cross_entropy: target " + std::to_string(target) + " of row " +
                              std::to_string(row) + " out of range for C = " + std::to_string(c) +
                              " classes");
    }
  }
  // -log softmax(x)[t] = log Σ exp(x) - x[t], averaged over the N rows.
  const float* x = logits.value().data();
  float total = 0.0f;
  for (int64_t row = 0; row < n; ++row) {
    const float* x_row = x + row * c;
    total += log_sum_exp(x_row, c) - x_row[targets[static_cast<size_t>(row)]];
  }
  return make_result(
      Tensor::scalar(total / static_cast<float>(n)), {logits},
      [ids = std::vector<int64_t>(targets.begin(), targets.end()), n, c](Node& self) {
        float* gx = self.inputs[0]->grad_data();
        if (!gx) return;
        // d/dx_j = (softmax_j - [j == t]) / N, the probabilities recomputed from the logits.
        const float scale = self.grad[0] / static_cast<float>(n);
        const float* x = self.inputs[0]->value.data();
        for (int64_t row = 0; row < n; ++row) {
          const float* x_row = x + row * c;
          float* gx_row = gx + row * c;
          const float lse = log_sum_exp(x_row, c);
          for (int64_t j = 0; j < c; ++j) gx_row[j] += scale * std::exp(x_row[j] - lse);
          gx_row[ids[static_cast<size_t>(row)]] -= scale;
        }
      },
      "cross_entropy");
}

Var binary_cross_entropy_with_logits(const Var& logits, const Tensor& targets) {
  targets.check_shape(logits.shape(), "binary_cross_entropy_with_logits: targets");
  const int64_t n = logits.numel();
  const float* x = logits.value().data();
  const float* t = targets.data();
  // -[t log σ(x) + (1 - t) log(1 - σ(x))] rearranged so that exp never overflows and the
  // log never sees 0: max(x, 0) - x t + log1p(exp(-|x|)).
  float total = 0.0f;
  for (int64_t i = 0; i < n; ++i) {
    total += std::max(x[i], 0.0f) - x[i] * t[i] + std::log1p(std::exp(-std::fabs(x[i])));
  }
  return make_result(
      Tensor::scalar(total / static_cast<float>(n)), {logits},
      [targets = Tensor(targets), n](Node& self) {
        float* gx = self.inputs[0]->grad_data();
        if (!gx) return;
        // d/dx = (σ(x) - t) / n: bounded for any x, so saturated logits cannot blow up.
        const float scale = self.grad[0] / static_cast<float>(n);
        const float* x = self.inputs[0]->value.data();
        for (int64_t i = 0; i < n; ++i) gx[i] += scale * (stable_sigmoid(x[i]) - targets[i]);
      },
      "binary_cross_entropy_with_logits");
}

// ---- embedding lookup ----

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
  for (const int64_t id : ids) {
    if (id < 0 || id >= vocab) {
      throw std::out_of_range("gather_rows: id " + std::to_string(id) +
                              " out of range for a table of V = " + std::to_string(vocab) +
                              " rows");
    }
  }
  Shape out_shape = ids_shape;
  out_shape.push_back(d);
  Tensor out(out_shape);  // (ids..., d)
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
