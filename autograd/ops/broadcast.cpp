// Binary elementwise ops with NumPy broadcasting: add, sub, mul, div. Each is its forward
// formula and its two backward formulas, handed to binary_broadcast.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "autograd/ops.h"
#include "autograd/ops/op_support.h"

namespace gv {

namespace {

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

// z = f(x, y) for every element of the broadcast result. The backward adds
// da(g, x, y, z) into a's gradient and db(g, x, y, z) into b's, where g is the output
// gradient at that element: each returns g times its partial derivative, in whichever form
// is most accurate. A stretched operand receives the sum over every copy of it.
template <class F, class DA, class DB>
Var binary_broadcast(const Var& a, const Var& b, F f, DA da, DB db, const char* op) {
  const Broadcast bc = Broadcast::of(a.shape(), b.shape(), op);
  Tensor out = Tensor::uninitialized(bc.out_shape());  // for_each writes every element
  const float* x = a.value().data();
  const float* y = b.value().data();
  float* z = out.data();
  bc.for_each([&](int64_t o, int64_t i, int64_t j) { z[o] = f(x[i], y[j]); });
  return make_result(
      std::move(out), {a, b},
      [bc, da, db](Node& self) {
        const float* g = self.grad.data();
        const float* x = self.inputs[0]->value.data();
        const float* y = self.inputs[1]->value.data();
        const float* z = self.value.data();
        // Operand `input`'s gradient: term(o, i, j) into its element at(i, j) for every output
        // element o. An operand as large as the output gets one term per element, which may be
        // its gradient's first (GradBuffer); a broadcast one sums several into each.
        const auto add_gradient = [&](Node& input, auto at, auto term) {
          if (input.value.numel() == self.value.numel()) {
            const GradBuffer buffer = input.grad_buffer();
            if (!buffer) return;
            if (buffer.fresh) {
              bc.for_each(
                  [&](int64_t o, int64_t i, int64_t j) { buffer.data[at(i, j)] = term(o, i, j); });
            } else {
              bc.for_each(
                  [&](int64_t o, int64_t i, int64_t j) { buffer.data[at(i, j)] += term(o, i, j); });
            }
          } else if (float* grad = input.grad_data()) {
            bc.for_each([&](int64_t o, int64_t i, int64_t j) { grad[at(i, j)] += term(o, i, j); });
          }
        };
        add_gradient(
            *self.inputs[0], [](int64_t i, int64_t) { return i; },
            [&](int64_t o, int64_t i, int64_t j) { return da(g[o], x[i], y[j], z[o]); });
        add_gradient(
            *self.inputs[1], [](int64_t, int64_t j) { return j; },
            [&](int64_t o, int64_t i, int64_t j) { return db(g[o], x[i], y[j], z[o]); });
      },
      op);
}

}  // namespace

Var add(const Var& a, const Var& b) {
  return binary_broadcast(
      a, b, [](float x, float y) { return x + y; }, [](float g, float, float, float) { return g; },
      [](float g, float, float, float) { return g; }, "add");
}

Var sub(const Var& a, const Var& b) {
  return binary_broadcast(
      a, b, [](float x, float y) { return x - y; }, [](float g, float, float, float) { return g; },
      [](float g, float, float, float) { return -g; }, "sub");
}

Var mul(const Var& a, const Var& b) {
  return binary_broadcast(
      a, b, [](float x, float y) { return x * y; },
      [](float g, float, float y, float) { return g * y; },
      [](float g, float x, float, float) { return g * x; }, "mul");
}

// d(x/y)/dx = 1/y, d(x/y)/dy = -x/y^2 = -z/y. Dividing g directly, instead of multiplying by
// a reciprocal, rounds once.
Var div(const Var& a, const Var& b) {
  return binary_broadcast(
      a, b, [](float x, float y) { return x / y; },
      [](float g, float, float y, float) { return g / y; },
      [](float g, float, float y, float z) { return -(g * z / y); }, "div");
}

}  // namespace gv
