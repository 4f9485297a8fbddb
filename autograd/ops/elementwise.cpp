// Unary elementwise ops: y = f(x) for every element, any shape in, the same shape out.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

#include "autograd/kernels.h"
#include "autograd/ops.h"

namespace gv {

namespace {

// y = f(x) for every element. The backward scales the output gradient by dy/dx, which
// `dydx(x, y)` computes from the input and the output, whichever is cheaper.
template <class F, class DyDx>
Var elementwise(const Var& a, F f, DyDx dydx, const char* op) {
  Tensor out = Tensor::uninitialized(a.shape());
  const float* x = a.value().data();
  float* y = out.data();
  const int64_t n = out.numel();
  for (int64_t i = 0; i < n; ++i) y[i] = f(x[i]);
  return make_result(
      std::move(out), {a},
      [dydx, n](Node& self) {
        const GradBuffer gx = self.inputs[0]->grad_buffer();
        if (!gx) return;
        const float* x = self.inputs[0]->value.data();
        const float* y = self.value.data();
        const float* g = self.grad.data();
        gx.accumulate(n, [&](int64_t i) { return g[i] * dydx(x[i], y[i]); });
      },
      op);
}

}  // namespace

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
      a, [](float x) { return std::min(x, 0.0f) - log1p_exp_neg_abs(x); },
      [](float x, float) { return stable_sigmoid(-x); }, "log_sigmoid");
}

}  // namespace gv
