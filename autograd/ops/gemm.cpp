#include "autograd/ops/gemm.h"

#include <algorithm>

#include "autograd/simd/kernel_table.h"

namespace gv {

void gemm_add(StridedMatrix a, const float* b, int64_t ldb, float* c, int64_t ldc, int64_t m,
              int64_t k, int64_t n) {
  kernels().gemm(a, b, ldb, c, ldc, m, k, n, /*add=*/true);
}

void gemm_write(StridedMatrix a, const float* b, int64_t ldb, float* c, int64_t ldc, int64_t m,
                int64_t k, int64_t n) {
  kernels().gemm(a, b, ldb, c, ldc, m, k, n, /*add=*/false);
}

void pack_transposed(const float* b, int64_t ldb, int64_t k, int64_t n, std::vector<float>& out) {
  out.resize(static_cast<size_t>(k * n));
  // Blocks of 16 x 16 keep both the rows read and the rows written in cache.
  constexpr int64_t kBlock = 16;
  for (int64_t p0 = 0; p0 < k; p0 += kBlock) {
    for (int64_t j0 = 0; j0 < n; j0 += kBlock) {
      const int64_t p1 = std::min(k, p0 + kBlock), j1 = std::min(n, j0 + kBlock);
      for (int64_t p = p0; p < p1; ++p) {
        for (int64_t j = j0; j < j1; ++j) out[static_cast<size_t>(j * k + p)] = b[p * ldb + j];
      }
    }
  }
}

}  // namespace gv
