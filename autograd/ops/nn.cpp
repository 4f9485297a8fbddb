// The layers of a transformer block, each one fused op with its backward written out: linear
// (a product and a bias), layer norm and GELU. Composed from the primitive ops they would take
// five to ten nodes and as many passes over (B, T, C) each; the tests check every one against
// finite differences.
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "autograd/ops.h"
#include "autograd/ops/gemm.h"
#include "autograd/ops/op_support.h"
#include "autograd/simd/kernel_table.h"

namespace gv {

Var linear(const Var& x, const Var& w, const Var& b) {
  const Shape& xs = x.shape();
  const Shape& ws = w.shape();
  if (xs.empty() || ws.size() != 2 || xs.back() != ws[0] || b.shape() != Shape{ws[1]}) {
    throw std::invalid_argument("linear: expected x (..., K), w (K, N), b (N), got " +
                                shape_str(xs) + ", " + shape_str(ws) + ", " + shape_str(b.shape()));
  }
  const RowsView view = rows_of(xs, "linear");
  const int64_t rows = view.rows, k = view.cols, n = ws[1];
  Shape out_shape = xs;
  out_shape.back() = n;
  Tensor out = Tensor::uninitialized(out_shape);
  // y = b in every row, then += x @ w.
  const float* bias = b.value().data();
  for (int64_t r = 0; r < rows; ++r) std::copy_n(bias, n, out.data() + r * n);
  gemm_add({x.value().data(), k, 1}, w.value().data(), n, out.data(), n, rows, k, n);
  return make_result(
      std::move(out), {x, w, b},
      [rows, k, n](Node& self) {
        const float* g = self.grad.data();  // dy (rows, N)
        // dx = dy @ w^T, w transposed once into (N, K).
        if (const GradBuffer gx = self.inputs[0]->grad_buffer()) {
          std::vector<float> w_t;
          pack_transposed(self.inputs[1]->value.data(), n, k, n, w_t);
          (gx.fresh ? gemm_write : gemm_add)({g, n, 1}, w_t.data(), k, gx.data, k, rows, n, k);
        }
        // dw = x^T @ dy: x read by columns.
        if (const GradBuffer gw = self.inputs[1]->grad_buffer()) {
          (gw.fresh ? gemm_write : gemm_add)({self.inputs[0]->value.data(), 1, k}, g, n, gw.data, n,
                                             k, rows, n);
        }
        // db = the sum of dy's rows.
        if (float* gb = self.inputs[2]->grad_data()) {
          for (int64_t r = 0; r < rows; ++r) {
            const float* g_row = g + r * n;
#pragma omp simd
            for (int64_t j = 0; j < n; ++j) gb[j] += g_row[j];
          }
        }
      },
      "linear");
}

Var layer_norm(const Var& x, const Var& gamma, const Var& beta, float eps) {
  const RowsView view = rows_of(x.shape(), "layer_norm");
  const int64_t rows = view.rows, c = view.cols;
  if (gamma.shape() != Shape{c} || beta.shape() != Shape{c} || c == 0) {
    throw std::invalid_argument(
        "layer_norm: expected x (..., C) with C > 0, gamma (C), beta (C), "
        "got " +
        shape_str(x.shape()) + ", " + shape_str(gamma.shape()) + ", " + shape_str(beta.shape()));
  }
  Tensor out = Tensor::uninitialized(x.shape());
  // Each row's mean and 1 / standard deviation, kept for the backward.
  std::vector<float> means(static_cast<size_t>(rows)), rstds(static_cast<size_t>(rows));
  const float* g = gamma.value().data();
  const float* b = beta.value().data();
  const float inv_c = 1.0f / static_cast<float>(c);
  for (int64_t r = 0; r < rows; ++r) {
    const float* x_row = x.value().data() + r * c;
    float sum = 0.0f;
#pragma omp simd reduction(+ : sum)
    for (int64_t j = 0; j < c; ++j) sum += x_row[j];
    const float mean = sum * inv_c;
    float sum_sq = 0.0f;  // of deviations from the mean: no cancellation of large squares
#pragma omp simd reduction(+ : sum_sq)
    for (int64_t j = 0; j < c; ++j) sum_sq += (x_row[j] - mean) * (x_row[j] - mean);
    const float rstd = 1.0f / std::sqrt(sum_sq * inv_c + eps);
    float* y = out.data() + r * c;
#pragma omp simd
    for (int64_t j = 0; j < c; ++j) y[j] = (x_row[j] - mean) * rstd * g[j] + b[j];
    means[static_cast<size_t>(r)] = mean;
    rstds[static_cast<size_t>(r)] = rstd;
  }
  return make_result(
      std::move(out), {x, gamma, beta},
      [rows, c, inv_c, means = std::move(means), rstds = std::move(rstds)](Node& self) {
        const float* x = self.inputs[0]->value.data();
        const float* gamma = self.inputs[1]->value.data();
        const GradBuffer gx = self.inputs[0]->grad_buffer();
        float* g_gamma = self.inputs[1]->grad_data();
        float* g_beta = self.inputs[2]->grad_data();
        for (int64_t r = 0; r < rows; ++r) {
          const float* dy = self.grad.data() + r * c;
          const float* x_row = x + r * c;
          const float mean = means[static_cast<size_t>(r)];
          const float rstd = rstds[static_cast<size_t>(r)];
          if (g_gamma || g_beta) {
#pragma omp simd
            for (int64_t j = 0; j < c; ++j) {
              if (g_gamma) g_gamma[j] += dy[j] * (x_row[j] - mean) * rstd;
              if (g_beta) g_beta[j] += dy[j];
            }
          }
          if (!gx) continue;
          // With n = (x - mean) rstd and dn = dy gamma:
          // dx = rstd (dn - mean(dn) - n mean(dn n)).
          float dn_sum = 0.0f, dn_n_sum = 0.0f;
#pragma omp simd reduction(+ : dn_sum, dn_n_sum)
          for (int64_t j = 0; j < c; ++j) {
            const float dn = dy[j] * gamma[j];
            dn_sum += dn;
            dn_n_sum += dn * (x_row[j] - mean) * rstd;
          }
          const float dn_mean = dn_sum * inv_c, dn_n_mean = dn_n_sum * inv_c;
          const GradBuffer gx_row{gx.data + r * c, gx.fresh};
          gx_row.accumulate(c, [&](int64_t j) {
            const float n = (x_row[j] - mean) * rstd;
            return rstd * (dy[j] * gamma[j] - dn_mean - n * dn_n_mean);
          });
        }
      },
      "layer_norm");
}

Var gelu(const Var& a) {
  const int64_t n = a.numel();
  Tensor out = Tensor::uninitialized(a.shape());
  kernels().gelu(a.value().data(), out.data(), n);
  return make_result(
      std::move(out), {a},
      [n](Node& self) {
        const GradBuffer gx = self.inputs[0]->grad_buffer();
        if (!gx) return;
        kernels().gelu_backward(self.inputs[0]->value.data(), self.grad.data(), gx.data, n,
                                !gx.fresh);
      },
      "gelu");
}

}  // namespace gv
