// The element loops of training: the logistic losses of the fused word2vec ops, the sums of rows
// behind the embedding bag and sparse gradients, the causal softmax of attention, GELU and the
// optimizers' updates. Plain loops the compiler vectorises for this variant's registers.
//
// Math through compiler builtins rather than <cmath>'s std:: overloads for float, which are
// inline functions: one that a variant's object did not inline would be a weak symbol merged with
// the other variants' (simd/code_namespace.h). The builtins are the same instructions and calls.
#include <cstdint>
#include <cstring>

#include "autograd/kernels.h"
#include "autograd/simd/isa/isa_kernels.h"

namespace gv::inline GV_ISA {

namespace {

// y (d) += Σ_t alpha[t] x[t] (d) over N terms, term by term for each element: the same sums, in
// the same order, as N calls of axpy, with y loaded and stored once instead of N times. With
// Overwrite, y's old floats are not read: the sums start from +0, as from a zeroed y.
template <int N, bool Overwrite>
void axpy_terms(float* y, const float* const* x, const float* alpha, int64_t d) {
#pragma omp simd
  for (int64_t k = 0; k < d; ++k) {
    float sum = Overwrite ? 0.0f : y[k];
#pragma GCC unroll 8
    for (int t = 0; t < N; ++t) sum += alpha[t] * x[t][k];
    y[k] = sum;
  }
}

}  // namespace

// Softplus losses: Σ_k softplus(z_k), z = x for y = 0 and -x for y = 1, with each x_k replaced by
// σ(x_k) - y_k. One vectorised pass: exp is fast_exp (2 ulp) rather than a library call per
// logit, and softplus(z) = max(z, 0) + log(1 + e^{-|x|}) takes its logs as one log of a product of
// up to kFactorsPerLog factors (kernels.h).
double logistic_losses(float* x, const float* y, int64_t n) {
  double loss = 0.0;
  for (int64_t begin = 0; begin < n; begin += kFactorsPerLog) {
    const int64_t end = n < begin + kFactorsPerLog ? n : begin + kFactorsPerLog;
    float linear = 0.0f;
    float product = 1.0f;
#pragma omp simd reduction(+ : linear) reduction(* : product)
    for (int64_t k = begin; k < end; ++k) {
      const float v = x[k];
      const float e = fast_exp(-__builtin_fabsf(v));
      const float r = 1.0f / (1.0f + e);
      const float z = v - 2.0f * y[k] * v;
      linear += z < 0.0f ? 0.0f : z;  // std::max(z, 0): a NaN z stays NaN, for divergence checks
      product *= 1.0f + e;
      x[k] = (v >= 0.0f ? r : e * r) - y[k];
    }
    loss += static_cast<double>(linear) + __builtin_logf(product);
  }
  return loss;
}

// kBlock terms per pass over y, so a long sum is one pass per eight rows.
void axpy_rows(float* y, int64_t d, int64_t n, const float* const* x, const float* alpha,
               bool overwrite) {
  for (int64_t t = 0; t < n; t += kBlock) {
    const int64_t m = n - t < kBlock ? n - t : kBlock;
    with_block_size(m, [&]<int M>() {
      if (overwrite && t == 0) {
        axpy_terms<M, true>(y, x + t, alpha + t, d);
      } else {
        axpy_terms<M, false>(y, x + t, alpha + t, d);
      }
    });
  }
}

namespace {

// The largest of x[0..n), n >= 1: lane-wise maxima over whole vectors, then the rest. Spelled out
// in Lanes because clang vectorises no float max reduction without fast-math's promise of no NaN
// (an `omp simd reduction(max)` loop stays scalar there, a warning that -Werror makes an error).
float max_of(const float* x, int64_t n) {
  float max = x[0];
  int64_t c = 1;
  if (n >= kLanes) {
    Lanes lanes;
    load_lanes(x, lanes);
    for (c = kLanes; c + kLanes <= n; c += kLanes) {
      Lanes next;
      load_lanes(x + c, next);
      lanes = next > lanes ? next : lanes;
    }
    for (int64_t k = 0; k < kLanes; ++k) max = lanes[k] > max ? lanes[k] : max;
  }
  for (; c < n; ++c) max = x[c] > max ? x[c] : max;
  return max;
}

}  // namespace

void causal_softmax_row(const float* x, float* y, int64_t t, int64_t length, float scale) {
  const float max = max_of(x, t + 1);
  float sum = 0.0f;
#pragma omp simd reduction(+ : sum)
  for (int64_t c = 0; c <= t; ++c) {
    y[c] = fast_exp(scale * (x[c] - max));
    sum += y[c];
  }
  const float inv = 1.0f / sum;
#pragma omp simd
  for (int64_t c = 0; c <= t; ++c) y[c] *= inv;
  for (int64_t c = t + 1; c < length; ++c) y[c] = 0.0f;
}

// The masked entries have y = 0, so they receive nothing.
void softmax_row_backward(const float* y, const float* g, float* dx, int64_t t, float scale) {
  float g_dot_y = 0.0f;
#pragma omp simd reduction(+ : g_dot_y)
  for (int64_t c = 0; c <= t; ++c) g_dot_y += g[c] * y[c];
#pragma omp simd
  for (int64_t c = 0; c <= t; ++c) dx[c] += scale * y[c] * (g[c] - g_dot_y);
}

namespace {

// GELU's tanh form as a sigmoid: 0.5 (1 + tanh(u)) = σ(2u), so gelu(x) = x σ(z) with
// z = 2u = 2 √(2/π) (x + 0.044715 x³).
constexpr float kGeluZ = 1.5957691216057308f;  // 2 √(2/π)
constexpr float kGeluCubic = 0.044715f;

[[gnu::always_inline]] inline Lanes gelu_sigmoid(Lanes x) {
  const Lanes z = kGeluZ * (x + kGeluCubic * x * x * x);
  return 1.0f / (1.0f + fast_exp<Lanes, LaneBits>(-z));
}

// out = f(lanes of x, of g when given, of out when kReadsOut) over n elements a vector at a time,
// the last n % kLanes in a zero-padded vector, so every element takes the same instructions.
// Spelled out in vectors, not as a loop left to the compiler: from scalar code GCC splits
// fast_exp's clamps into paths and folds the one where -z > 88 into x times 1 / (1 + e^88), a
// subnormal constant it multiplies every vector by and blends in, and a core that takes a microcode
// assist for each subnormal operand (Intel's) then runs GELU many times slower (kernels_test.cpp
// checks for any).
template <bool kReadsOut, class F>
[[gnu::always_inline]] inline void for_lanes(const float* x, const float* g, float* out, int64_t n,
                                             F f) {
  int64_t i = 0;
  Lanes xv{}, gl{}, ov{};
  for (; i + kLanes <= n; i += kLanes) {
    load_lanes(x + i, xv);
    if (g) load_lanes(g + i, gl);
    if (kReadsOut) load_lanes(out + i, ov);
    store_lanes(out + i, f(xv, gl, ov));
  }
  if (i == n) return;
  const size_t bytes = static_cast<size_t>(n - i) * sizeof(float);
  xv = gl = ov = Lanes{};
  std::memcpy(&xv, x + i, bytes);
  if (g) std::memcpy(&gl, g + i, bytes);
  if (kReadsOut) std::memcpy(&ov, out + i, bytes);
  const Lanes result = f(xv, gl, ov);
  std::memcpy(out + i, &result, bytes);
}

}  // namespace

void gelu(const float* x, float* y, int64_t n) {
  for_lanes<false>(x, nullptr, y, n, [](Lanes v, Lanes, Lanes) { return v * gelu_sigmoid(v); });
}

// d/dx x σ(z) = σ + x σ (1 - σ) dz/dx, dz/dx = 2 √(2/π) (1 + 3 · 0.044715 x²).
void gelu_backward(const float* x, const float* g, float* gx, int64_t n, bool add) {
  const auto term = [](Lanes v, Lanes gl) {
    const Lanes s = gelu_sigmoid(v);
    const Lanes dz = kGeluZ * (1.0f + 3.0f * kGeluCubic * v * v);
    return gl * (s + v * s * (1.0f - s) * dz);
  };
  if (add) {
    for_lanes<true>(x, g, gx, n, [&](Lanes v, Lanes gl, Lanes sum) { return sum + term(v, gl); });
  } else {
    for_lanes<false>(x, g, gx, n, [&](Lanes v, Lanes gl, Lanes) { return term(v, gl); });
  }
}

void sgd_update(float* value, const float* grad, int64_t n, float lr) {
#pragma omp simd
  for (int64_t i = 0; i < n; ++i) value[i] -= lr * grad[i];
}

void adagrad_update(float* value, float* sum_sq, const float* grad, int64_t n, float lr,
                    float eps) {
#pragma omp simd
  for (int64_t i = 0; i < n; ++i) {
    sum_sq[i] += grad[i] * grad[i];
    value[i] -= lr * grad[i] / (__builtin_sqrtf(sum_sq[i]) + eps);
  }
}

void adam_update(float* value, float* m, float* v, const float* grad, int64_t n, float beta1,
                 float beta2, float step_size, float eps) {
#pragma omp simd
  for (int64_t i = 0; i < n; ++i) {
    m[i] = beta1 * m[i] + (1.0f - beta1) * grad[i];
    v[i] = beta2 * v[i] + (1.0f - beta2) * grad[i] * grad[i];
    value[i] -= step_size * m[i] / (__builtin_sqrtf(v[i]) + eps);
  }
}

}  // namespace gv::inline GV_ISA
