// Matrix products: matmul over any number of leading (batch) dims, or with a shared right side.
// The arithmetic is gemm_add's (ops/gemm.h): register tiles the compiler vectorises.
#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "autograd/ops.h"
#include "autograd/ops/gemm.h"
#include "autograd/ops/op_support.h"

namespace gv {

Var matmul(const Var& a, const Var& b) {
  const Shape& as = a.shape();
  const Shape& bs = b.shape();
  // The message is built only on failure: matmul sits in hot loops.
  const auto reject = [&](const char* why) {
    throw std::invalid_argument("matmul: " + shape_str(as) + " @ " + shape_str(bs) + ": " + why);
  };
  const bool shared_right = as.size() >= 2 && bs.size() == 2;
  const bool batched = as.size() >= 3 && bs.size() == as.size();
  if (!shared_right && !batched) {
    reject(
        "expected (..., M, K) @ (..., K, N) with the same leading dims, or (..., M, K) @ (K, N)");
  }
  if (as.back() != bs[bs.size() - 2]) reject("inner dimensions differ");
  if (batched && !std::equal(as.begin(), as.end() - 2, bs.begin())) reject("batch sizes differ");
  // One (M, K) @ (K, N) product per leading index. With the right side shared, (..., M, K) is
  // one (rows, K) matrix, so that case is a single 2-D product.
  const int64_t batches = batched ? dims_product(as, 0, as.size() - 2) : 1;
  const int64_t m = batched ? as[as.size() - 2] : dims_product(as, 0, as.size() - 1);
  const int64_t k = as.back();
  const int64_t n = bs.back();
  Shape out_shape = as;
  out_shape.back() = n;
  Tensor out(out_shape);
  for (int64_t t = 0; t < batches; ++t) {
    gemm_add({a.value().data() + t * m * k, k, 1}, b.value().data() + t * k * n, n,
             out.data() + t * m * n, n, m, k, n);
  }
  return make_result(
      std::move(out), {a, b},
      [batches, m, k, n](Node& self) {
        const float* g = self.grad.data();  // dC (batches, M, N)
        const float* x = self.inputs[0]->value.data();
        const float* y = self.inputs[1]->value.data();
        // dA = dC @ B^T, with each B transposed into (N, K) so the kernel reads it by rows.
        if (float* gx = self.inputs[0]->grad_data()) {
          std::vector<float> y_t;
          for (int64_t t = 0; t < batches; ++t) {
            pack_transposed(y + t * k * n, n, k, n, y_t);
            gemm_add({g + t * m * n, n, 1}, y_t.data(), k, gx + t * m * k, k, m, n, k);
          }
        }
        // dB = A^T @ dC: A read by columns.
        if (float* gy = self.inputs[1]->grad_data()) {
          for (int64_t t = 0; t < batches; ++t) {
            gemm_add({x + t * m * k, 1, k}, g + t * m * n, n, gy + t * k * n, n, k, m, n);
          }
        }
      },
      "matmul");
}

}  // namespace gv
