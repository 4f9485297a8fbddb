// gemm (ops/gemm.h) for this variant: c = a @ b, or c += a @ b, in register tiles sized to its
// registers.
#include <cstdint>

#include "autograd/kernels.h"
#include "autograd/simd/isa/isa_kernels.h"

namespace gv::inline GV_ISA {

namespace {

// A tile's running sums must fit in the vector registers with room for one row of b and a
// broadcast element of a: 16 of AVX-512's 32 registers (8 rows of 2 x 16 floats), 12 of AVX's or
// SSE's 16 (6 rows of 2 vectors).
#if defined(__AVX512F__)
constexpr int kTileRows = 8;
constexpr int kTileCols = 32;
#elif defined(__AVX__)
constexpr int kTileRows = 6;
constexpr int kTileCols = 16;
#else
constexpr int kTileRows = 6;
constexpr int kTileCols = 8;
#endif
// Rows of a whose tiles share one pass over a column panel of b (K x kTileCols floats, which
// stays in cache while they use it). A multiple of every kTileRows above.
constexpr int64_t kBlockRows = 96;
// c (Rows, Cols) += a (Rows, K) @ b (K, Cols), or = when !add. The loops have constant bounds, so
// the compiler unrolls them, keeps acc in registers and turns the inner loop into vector
// multiply-adds.
template <int Rows, int Cols>
void tile(StridedMatrix a, const float* __restrict__ b, int64_t ldb, float* __restrict__ c,
          int64_t ldc, int64_t k, bool add) {
  float acc[Rows][Cols] = {};
  for (int64_t p = 0; p < k; ++p) {
    const float* b_row = b + p * ldb;
#pragma GCC unroll 8
    for (int i = 0; i < Rows; ++i) {
      const float a_ip = a.data[i * a.row_stride + p * a.col_stride];
#pragma omp simd
      for (int j = 0; j < Cols; ++j) acc[i][j] += a_ip * b_row[j];
    }
  }
#pragma GCC unroll 8
  for (int i = 0; i < Rows; ++i) {
#pragma omp simd
    for (int j = 0; j < Cols; ++j) c[i * ldc + j] = add ? c[i * ldc + j] + acc[i][j] : acc[i][j];
  }
}

// The last n < kTileCols / 2 columns, a row at a time, with the same order of additions.
void edge_columns(StridedMatrix a, const float* __restrict__ b, int64_t ldb, float* __restrict__ c,
                  int64_t ldc, int64_t m, int64_t k, int64_t n, bool add) {
  for (int64_t i = 0; i < m; ++i) {
    float acc[kTileCols] = {};
    for (int64_t p = 0; p < k; ++p) {
      const float a_ip = a.data[i * a.row_stride + p * a.col_stride];
      const float* b_row = b + p * ldb;
      for (int64_t j = 0; j < n; ++j) acc[j] += a_ip * b_row[j];
    }
    for (int64_t j = 0; j < n; ++j) c[i * ldc + j] = add ? c[i * ldc + j] + acc[j] : acc[j];
  }
}

StridedMatrix rows_from(StridedMatrix a, int64_t row) {
  return {a.data + row * a.row_stride, a.row_stride, a.col_stride};
}

// Columns [j, j + Cols) of rows [begin, end): full tiles of kTileRows rows, then one tile of the
// rows left. Not a row at a time: a row's two or four running sums are chains too few to hide
// the multiply-add's latency, and a head of 64 positions leaves 4 rows in every product.
template <int Cols>
void column_panel(StridedMatrix a, const float* b, int64_t ldb, float* c, int64_t ldc,
                  int64_t begin, int64_t end, int64_t k, int64_t j, bool add) {
  int64_t i = begin;
  for (; i + kTileRows <= end; i += kTileRows) {
    tile<kTileRows, Cols>(rows_from(a, i), b + j, ldb, c + i * ldc + j, ldc, k, add);
  }
  if (i == end) return;
  with_block_size<kTileRows - 1>(end - i, [&]<int Rows>() {
    tile<Rows, Cols>(rows_from(a, i), b + j, ldb, c + i * ldc + j, ldc, k, add);
  });
}

}  // namespace
void gemm(StridedMatrix a, const float* b, int64_t ldb, float* c, int64_t ldc, int64_t m, int64_t k,
          int64_t n, bool add) {
  // Panels of kTileCols columns, then one of half that (a head of 16 dims is a common width),
  // then what is left.
  constexpr int kHalfCols = kTileCols / 2;
  const int64_t full_cols = n - n % kTileCols;
  const int64_t half_cols = n - full_cols >= kHalfCols ? full_cols + kHalfCols : full_cols;
  for (int64_t block = 0; block < m; block += kBlockRows) {
    const int64_t block_end = m < block + kBlockRows ? m : block + kBlockRows;
    for (int64_t j = 0; j < full_cols; j += kTileCols) {
      column_panel<kTileCols>(a, b, ldb, c, ldc, block, block_end, k, j, add);
    }
    if (half_cols > full_cols) {
      column_panel<kHalfCols>(a, b, ldb, c, ldc, block, block_end, k, full_cols, add);
    }
    if (half_cols < n) {
      edge_columns(rows_from(a, block), b + half_cols, ldb, c + block * ldc + half_cols, ldc,
                   block_end - block, k, n - half_cols, add);
    }
  }
}

}  // namespace gv::inline GV_ISA
