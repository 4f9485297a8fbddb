// The matrix-product kernel behind matmul, linear and causal_attention; not part of the public
// API (see ops.h).
//
// One routine, c += a @ b, covers the three products a layer needs, forward and backward:
//   y  = x @ W        a read by rows;
//   dW = x^T @ dy     a read by columns: the same routine with a's two strides swapped;
//   dx = dy @ W^T     b transposed into a scratch buffer first (pack_transposed), which costs
//                     K N floats against M K N multiply-adds.
// The result is built in register tiles of kTileRows x kTileCols, sized to the registers of the
// instruction set the process runs (simd/isa/gemm_kernels.cpp), so every element
// of b loaded from cache feeds kTileRows multiply-adds, and each tile keeps its running sums in
// registers for the whole length of the sum.
#pragma once

#include <cstdint>
#include <vector>

namespace gv {

// An operand read through two strides: element (i, p) is data[i * row_stride + p * col_stride].
// A row-major (M, K) matrix is {data, K, 1}; its transpose, as a (K, M) operand, is {data, 1, K}.
struct StridedMatrix {
  const float* data;
  int64_t row_stride;
  int64_t col_stride;
};

// c (M, N) += a (M, K) @ b (K, N); b and c are row-major with row lengths ldb and ldc (>= N).
// The sum over k for one element of c runs in order of k, starting from 0, and is added to c
// once; c must not overlap a or b.
void gemm_add(StridedMatrix a, const float* b, int64_t ldb, float* c, int64_t ldc, int64_t m,
              int64_t k, int64_t n);
// c (M, N) = a (M, K) @ b (K, N): gemm_add's sums, stored without reading c (which may hold
// anything), for a result or a gradient buffer the product fills.
void gemm_write(StridedMatrix a, const float* b, int64_t ldb, float* c, int64_t ldc, int64_t m,
                int64_t k, int64_t n);

// out (N, K) = b^T for a row-major b (K, N) with row length ldb: resizes `out` (a scratch
// buffer its caller keeps, so a loop of products allocates once).
void pack_transposed(const float* b, int64_t ldb, int64_t k, int64_t n, std::vector<float>& out);

}  // namespace gv
