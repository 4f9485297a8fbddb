// Matrix products: matmul in its plain, batched and shared-right forms.
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "autograd/kernels.h"
#include "autograd/ops.h"
#include "autograd/ops/op_support.h"

namespace gv {

namespace {

// c (M, N) += a (M, K) @ b (K, N). The i-k-j order makes the innermost loop an axpy that
// walks a row of b and a row of c contiguously, so it vectorises; __restrict__ tells the
// compiler c does not alias the operands, which the inlined axpy loops need to run at full
// speed.
void matmul_add(const float* __restrict__ a, const float* __restrict__ b, float* __restrict__ c,
                int64_t m, int64_t k, int64_t n) {
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t p = 0; p < k; ++p) axpy(a[i * k + p], b + p * n, c + i * n, n);
  }
}

// c (K, N) += a^T @ b for a (M, K), b (M, N): the right operand's gradient A^T dC, in the
// same contiguous inner-loop form without materialising a^T.
void matmul_at_b_add(const float* __restrict__ a, const float* __restrict__ b,
                     float* __restrict__ c, int64_t m, int64_t k, int64_t n) {
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t p = 0; p < k; ++p) axpy(a[i * k + p], b + i * n, c + p * n, n);
  }
}

}  // namespace

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

}  // namespace gv
