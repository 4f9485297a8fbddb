// Blocks of dot products, x_ij = a_i · b_j for a few rows a_i against a few rows b_j, and their
// gradients: the kernels of the fused word2vec losses, whose groups are such blocks (a centre's
// contexts against a Huffman path, SGNS inputs against their K + 1 outputs). One pass over the d
// floats serves a whole tile of the block, so each row is loaded once for all the rows it meets.
//
// Bit for bit: within a variant every dot sums in one order (its register's lanes, folded in
// halves), and every gradient element adds its terms in the order that axpy, called term by term,
// would; trained vectors are compared bit for bit across refactors, so these orders are part of
// the contract. The variants differ in the lanes of a dot and in the tiles: how many sums are
// kept in registers at once.
#include <cstdint>

#include "autograd/kernels.h"
#include "autograd/simd/isa/isa_kernels.h"

namespace gv::inline GV_ISA {

namespace {

// No std:: algorithm here: a template of the standard library that one variant's object did not
// inline would be a weak symbol, merged at link time with the other variants' copies
// (simd/code_namespace.h); the isa_symbols test finds any.
constexpr int64_t smaller(int64_t a, int64_t b) {
  return a < b ? a : b;
}

// dot(a, b, d) = Σ a[k] b[k] over k < d, vectorised without -ffast-math and in the same order
// on every call: kLanes running sums, one vector register's floats, folded in halves: dots come
// many at a time, independent, so out-of-order execution overlaps their chains, and a narrower
// fold is shorter. For d >= kLanes the d % kLanes products left over go into the lanes
// before the fold, as one more full-width step over the last kLanes elements with those
// already summed masked out: a masked load, where scalar multiply-adds after the fold would be a
// serial chain as long as the leftover. The lanes are the register's, not more: a vector type
// wider than the registers is kept in memory and every operation on it goes through the stack.
//
// Tiles sized to the registers, so that the compiler keeps a tile's running sums, and the rows
// it loads, in them for the whole pass rather than spilling them to the stack:
//   dot_block<R, N>:      R x N sums, N rows of b and one of a loaded;
//   dot_grads_cols<M>:    M rows of b with their gradient sums, against every row of a streamed
//                         past them (a row, its gradient sum and one broadcast coefficient).
//   dot_block<1, kDotRowCols>: one row of a (CBOW's window mean) against more of b's rows, 8
//                         sums and 2 loaded rows in 16 registers (or 16 of 32), and the 9 rows'
//                         addresses in the 16 general registers (AVX-512's 16 sums spill those).
#if defined(__AVX512F__)
constexpr int kDotTileRows = 4, kDotTileCols = 4;  // 16 + 5 of 32 registers
constexpr int kGradTileCols = 12;                  // 2 x 12 + 3 of 32
#elif defined(__AVX2__)
constexpr int kDotTileRows = 3, kDotTileCols = 3;  // 9 + 4 of 16
constexpr int kGradTileCols = 6;                   // 2 x 6 + 3 of 16
#else
constexpr int kDotTileRows = 2, kDotTileCols = 3;  // 6 + 4 of 16, and a product's temporary
constexpr int kGradTileCols = 5;                   // 2 x 5 + 3 of 16, and a temporary
#endif
constexpr int kDotRowCols = 8;

// The folds of four dots' lanes at once: lane kFoldStride * t of the result is l_t's lanes summed
// in halves, ((l + l>>L/2) + ...>>L/4) + ..., as for one dot, with the same two operands in every
// addition, so the same floats; shuffles that pair two vectors' halves do the work of four folds
// in about a third of their instructions. Spelled out in GCC's vector types because both other
// spellings go through memory: `omp simd reduction` adds its lanes one after another, and a
// float[L] folded in halves is stored whole and reloaded by halves, a store-to-load forward the
// CPU cannot make.
#if defined(__AVX512F__)
constexpr LaneIndex kLane = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
constexpr int kFoldStride = 4;
[[gnu::always_inline]] inline void fold_four(const Lanes& l0, const Lanes& l1, const Lanes& l2,
                                             const Lanes& l3, Lanes& sums) {
  // (h0 | h1) with h_t[m] = l_t[m] + l_t[m + 8], m < 8; likewise (h2 | h3).
  const Lanes h01 =
      __builtin_shufflevector(l0, l1, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23) +
      __builtin_shufflevector(l0, l1, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31);
  const Lanes h23 =
      __builtin_shufflevector(l2, l3, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23) +
      __builtin_shufflevector(l2, l3, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31);
  // (q0 | q1 | q2 | q3) with q_t[m] = h_t[m] + h_t[m + 4], m < 4.
  const Lanes q =
      __builtin_shufflevector(h01, h23, 0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27) +
      __builtin_shufflevector(h01, h23, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31);
  // e_t[m] = q_t[m] + q_t[m + 2] in lanes 4t + m, m < 2; then e_t[0] + e_t[1] in lane 4t.
  const Lanes e =
      q + __builtin_shufflevector(q, q, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
  sums = e + __builtin_shufflevector(e, e, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
}
#elif defined(__AVX2__)
constexpr LaneIndex kLane = {0, 1, 2, 3, 4, 5, 6, 7};
constexpr int kFoldStride = 2;
[[gnu::always_inline]] inline void fold_four(const Lanes& l0, const Lanes& l1, const Lanes& l2,
                                             const Lanes& l3, Lanes& sums) {
  // (h0 | h1) with h_t[m] = l_t[m] + l_t[m + 4], m < 4; likewise (h2 | h3).
  const Lanes h01 = __builtin_shufflevector(l0, l1, 0, 1, 2, 3, 8, 9, 10, 11) +
                    __builtin_shufflevector(l0, l1, 4, 5, 6, 7, 12, 13, 14, 15);
  const Lanes h23 = __builtin_shufflevector(l2, l3, 0, 1, 2, 3, 8, 9, 10, 11) +
                    __builtin_shufflevector(l2, l3, 4, 5, 6, 7, 12, 13, 14, 15);
  // (q0 | q1 | q2 | q3) with q_t[m] = h_t[m] + h_t[m + 2], m < 2; then q_t[0] + q_t[1] in 2t.
  const Lanes q = __builtin_shufflevector(h01, h23, 0, 1, 4, 5, 8, 9, 12, 13) +
                  __builtin_shufflevector(h01, h23, 2, 3, 6, 7, 10, 11, 14, 15);
  sums = q + __builtin_shufflevector(q, q, 1, 0, 3, 2, 5, 4, 7, 6);
}
#else
constexpr LaneIndex kLane = {0, 1, 2, 3};
constexpr int kFoldStride = 1;
[[gnu::always_inline]] inline void fold_four(const Lanes& l0, const Lanes& l1, const Lanes& l2,
                                             const Lanes& l3, Lanes& sums) {
  // (h0 | h1) with h_t[m] = l_t[m] + l_t[m + 2], m < 2; likewise (h2 | h3); then h_t[0] + h_t[1].
  const Lanes h01 =
      __builtin_shufflevector(l0, l1, 0, 1, 4, 5) + __builtin_shufflevector(l0, l1, 2, 3, 6, 7);
  const Lanes h23 =
      __builtin_shufflevector(l2, l3, 0, 1, 4, 5) + __builtin_shufflevector(l2, l3, 2, 3, 6, 7);
  sums =
      __builtin_shufflevector(h01, h23, 0, 2, 4, 6) + __builtin_shufflevector(h01, h23, 1, 3, 5, 7);
}
#endif

// out[r * ldo + t] = dot(a[r], b[t], d) for r < R and t < N: one pass over the d floats, each
// vector of a and b loaded once for the R * N running sums, independent chains the CPU overlaps
// where separate dots would each wait on their own.
template <int R, int N>
void dot_block(const float* const* a, const float* const* b, int64_t d, float* out, int64_t ldo) {
  if (d < kLanes) {  // shorter than one vector: plain sums
    for (int r = 0; r < R; ++r) {
      for (int t = 0; t < N; ++t) {
        float sum = 0.0f;
        for (int64_t k = 0; k < d; ++k) sum += a[r][k] * b[t][k];
        out[r * ldo + t] = sum;
      }
    }
    return;
  }
  // The R * N sums, row by row, padded with zeros to a multiple of four for fold_four.
  constexpr int kSums = (R * N + 3) / 4 * 4;
  Lanes lanes[kSums] = {};
  int64_t k = 0;
  for (; k + kLanes <= d; k += kLanes) {
#pragma GCC unroll 16
    for (int t = 0; t < N; ++t) {
      Lanes y, x;
      load_lanes(b[t] + k, y);
#pragma GCC unroll 4
      for (int r = 0; r < R; ++r) {
        load_lanes(a[r] + k, x);
        lanes[r * N + t] += x * y;
      }
    }
  }
  if (k < d) {
    const int64_t last = d - kLanes;
    const int32_t summed = static_cast<int32_t>(k - last);  // lanes [0, summed) are done
#pragma GCC unroll 16
    for (int t = 0; t < N; ++t) {
      Lanes y, x;
      load_lanes(b[t] + last, y);
#pragma GCC unroll 4
      for (int r = 0; r < R; ++r) {
        load_lanes(a[r] + last, x);
        const Lanes products = x * y;
        lanes[r * N + t] += kLane >= summed ? products : Lanes{};
      }
    }
  }
#pragma GCC unroll 16
  for (int s = 0; s < kSums; s += 4) {
    Lanes sums;
    fold_four(lanes[s], lanes[s + 1], lanes[s + 2], lanes[s + 3], sums);
#pragma GCC unroll 4
    for (int u = 0; u < 4; ++u) {
      if (s + u < R * N) out[(s + u) / N * ldo + (s + u) % N] = sums[kFoldStride * u];
    }
  }
}

// The sums of a chunk of dot_block_grads, at offset k, that start from a gradient row (or from +0
// when it is to be overwritten), and their store. In the last, overlapping chunk (kTail), lanes
// below `summed` were finished by the chunk before: they are stored back as they were loaded.
[[gnu::always_inline]] inline void start_grad_lanes(const GradRow& g, int64_t k, Lanes& sum) {
  if (g.overwrite) {
    sum = Lanes{};
  } else {
    load_lanes(g.row + k, sum);
  }
}
template <bool kTail>
[[gnu::always_inline]] inline void store_grad_lanes(const GradRow& g, int64_t k, int32_t summed,
                                                    const Lanes& sum) {
  if constexpr (kTail) {
    Lanes kept;
    load_lanes(g.row + k, kept);
    store_lanes(g.row + k, kLane >= summed ? sum : kept);
  } else {
    store_lanes(g.row + k, sum);
  }
}

// One kLanes-wide chunk, at offset k, of the gradients of M of b's rows (b[t], gb[t], and column
// t of c) against all `rows` rows of a: b's M vectors and their M gradient sums stay in registers
// while a's rows stream past, each row's vector and gradient sum loaded, added to over the M
// columns and stored. So every row of either side is read, and every gradient row written, once
// per chunk however the block is shaped.
template <int M, bool kGradA, bool kGradB, bool kTail>
[[gnu::always_inline]] inline void dot_grads_cols(int64_t k, int32_t summed, int64_t rows,
                                                  const float* c, int64_t ldc,
                                                  const float* const* a, const float* const* b,
                                                  const GradRow* ga, const GradRow* gb) {
  Lanes bv[M], gb_sum[M];
#pragma GCC unroll 16
  for (int t = 0; t < M; ++t) {
    if constexpr (kGradA) load_lanes(b[t] + k, bv[t]);
    if constexpr (kGradB) start_grad_lanes(gb[t], k, gb_sum[t]);
  }
  for (int64_t i = 0; i < rows; ++i) {
    Lanes av, ga_sum;
    if constexpr (kGradB) load_lanes(a[i] + k, av);
    if constexpr (kGradA) start_grad_lanes(ga[i], k, ga_sum);
#pragma GCC unroll 16
    for (int t = 0; t < M; ++t) {
      const float cij = c[i * ldc + t];
      if constexpr (kGradB) gb_sum[t] += cij * av;
      if constexpr (kGradA) ga_sum += cij * bv[t];
    }
    if constexpr (kGradA) store_grad_lanes<kTail>(ga[i], k, summed, ga_sum);
  }
  if constexpr (kGradB) {
#pragma GCC unroll 16
    for (int t = 0; t < M; ++t) store_grad_lanes<kTail>(gb[t], k, summed, gb_sum[t]);
  }
}

// dot_grads_cols over the d floats: the full chunks, then the last kLanes floats with those
// before k already summed.
template <int M, bool kGradA, bool kGradB>
void dot_grads_tile(int64_t d, int64_t rows, const float* c, int64_t ldc, const float* const* a,
                    const float* const* b, const GradRow* ga, const GradRow* gb) {
  int64_t k = 0;
  for (; k + kLanes <= d; k += kLanes) {
    dot_grads_cols<M, kGradA, kGradB, false>(k, 0, rows, c, ldc, a, b, ga, gb);
  }
  if (k < d) {
    const int64_t last = d - kLanes;
    dot_grads_cols<M, kGradA, kGradB, true>(last, static_cast<int32_t>(k - last), rows, c, ldc, a,
                                            b, ga, gb);
  }
}

// N consecutive kLanes-wide chunks, from offset k, of the gradients of one row of a against
// `cols` columns (b[j], gb[j], and c[j]), and with kTail the overlapping last chunk, at `last`,
// too (its lanes below `summed` stored back as loaded: another run's chunk sums them): a's
// vectors and their gradient sums stay in registers while every column streams past, its row
// and gradient row loaded, added to and stored. The chunks make independent chains of ga's
// multiply-adds, which the CPU overlaps, where one chunk's would wait on each other, column after
// column. b's gradient rows are added to, never overwritten (dot_grads_row zeroes those first).
template <int N, bool kTail, bool kGradA, bool kGradB>
[[gnu::always_inline]] inline void dot_grads_row_chunks(int64_t k, int64_t last, int32_t summed,
                                                        int64_t cols, const float* c,
                                                        const float* a, const float* const* b,
                                                        const GradRow* ga, const GradRow* gb) {
  constexpr int kChunks = N + (kTail ? 1 : 0);
  int64_t at[kChunks];
#pragma GCC unroll 16
  for (int u = 0; u < kChunks; ++u) at[u] = u < N ? k + u * kLanes : last;
  // Stores a chunk's sum: the tail's through its mask, the others whole.
  const auto store = [&](const GradRow& g, int u, const Lanes& sum) {
    if (kTail && u == N) {
      store_grad_lanes<true>(g, at[u], summed, sum);
    } else {
      store_grad_lanes<false>(g, at[u], 0, sum);
    }
  };
  Lanes av[kChunks], ga_sum[kChunks];
#pragma GCC unroll 16
  for (int u = 0; u < kChunks; ++u) {
    if constexpr (kGradB) load_lanes(a + at[u], av[u]);
    if constexpr (kGradA) start_grad_lanes(*ga, at[u], ga_sum[u]);
  }
  for (int64_t j = 0; j < cols; ++j) {
    // The column's rows and coefficient, read once for the chunks: the stores below could
    // alias the arrays they are read from, as far as the compiler knows.
    const float* const bj = b[j];
    const GradRow gj = {kGradB ? gb[j].row : nullptr, false};
    const float cj = c[j];
#pragma GCC unroll 16
    for (int u = 0; u < kChunks; ++u) {
      if constexpr (kGradA) {
        Lanes bv;
        load_lanes(bj + at[u], bv);
        ga_sum[u] += cj * bv;
      }
      if constexpr (kGradB) {
        Lanes gb_sum;
        load_lanes(gj.row + at[u], gb_sum);
        gb_sum += cj * av[u];
        store(gj, u, gb_sum);
      }
    }
  }
#pragma GCC unroll 16
  for (int u = 0; u < kChunks; ++u) {
    if constexpr (kGradA) store(*ga, u, ga_sum[u]);
  }
}

// The gradients of one row of a against `cols` columns in one pass over the d floats, a run of
// chunks at a time: kRowRun for both sides, kSideRowRun for one, whose sums alone take registers. A
// tile would keep columns in registers for the next row of a; with one row there is no next, and
// tiles of columns would read and write ga once per tile. Each run is a pass over the columns, so
// the overlapping last chunk goes with the first run rather than one of its own; not with the last,
// where it would load each gradient row's floats that the chunk before it had just stored, which
// the CPU cannot forward from a store of other bounds, and waits.
constexpr int kRowRun = 4;  // 2 x 5 sums and vectors of a + 4 loaded or broadcast of 16 registers
constexpr int kSideRowRun = 12;  // 13 sums or vectors of a + a loaded and a broadcast of 16
template <bool kGradA, bool kGradB>
void dot_grads_row(int64_t d, int64_t cols, const float* c, const float* a, const float* const* b,
                   const GradRow* ga, const GradRow* gb) {
  // b's gradient rows to be overwritten are zeroed first, so that the pass only adds to them: a
  // choice between +0 and the row, made in the loop, lets the compiler share one product between
  // both and add it unfused, where the tiles' and axpy's fused multiply-add rounds once.
  for (int64_t j = 0; kGradB && j < cols; ++j) {
    for (int64_t k = 0; gb[j].overwrite && k < d; ++k) gb[j].row[k] = 0.0f;
  }
  const int64_t full = d - d % kLanes, last = d - kLanes;  // d >= kLanes
  const auto summed = static_cast<int32_t>(full - last);
  bool tail = full < d;
  constexpr int kRun = kGradA && kGradB ? kRowRun : kSideRowRun;
  for (int64_t k = 0; k < full; k += kRun * kLanes) {
    with_block_size<kRun>(smaller(kRun, (full - k) / kLanes), [&]<int N>() {
      if (tail) {
        dot_grads_row_chunks<N, true, kGradA, kGradB>(k, last, summed, cols, c, a, b, ga, gb);
      } else {
        dot_grads_row_chunks<N, false, kGradA, kGradB>(k, last, summed, cols, c, a, b, ga, gb);
      }
    });
    tail = false;
  }
}

// dot_block<R, N> over tiles of at most kRows x kCols.
template <int kRows, int kCols>
void dot_tiles(int64_t d, int64_t rows, int64_t cols, const float* const* a, const float* const* b,
               float* out, int64_t ldo) {
  for (int64_t i0 = 0; i0 < rows; i0 += kRows) {
    const int64_t m = smaller(kRows, rows - i0);
    for (int64_t j0 = 0; j0 < cols; j0 += kCols) {
      const int64_t n = smaller(kCols, cols - j0);
      with_block_size<kRows>(m, [&]<int R>() {
        with_block_size<kCols>(
            n, [&]<int N>() { dot_block<R, N>(a + i0, b + j0, d, out + i0 * ldo + j0, ldo); });
      });
    }
  }
}

}  // namespace

void dot_rows(int64_t d, int64_t rows, int64_t cols, const float* const* a, const float* const* b,
              float* out, int64_t ldo) {
  if (rows == 1) {
    dot_tiles<1, kDotRowCols>(d, rows, cols, a, b, out, ldo);
  } else {
    dot_tiles<kDotTileRows, kDotTileCols>(d, rows, cols, a, b, out, ldo);
  }
}

void dot_block_grads(int64_t d, int64_t rows, int64_t cols, const float* c, int64_t ldc,
                     float scale, const float* const* a, const float* const* b, const GradRow* ga,
                     const GradRow* gb) {
  if (rows <= 0 || cols <= 0 || (!ga && !gb)) return;
  if (d < kLanes) {  // shorter than one vector: the axpys themselves
    for (int64_t i = 0; ga && i < rows; ++i) {
      for (int64_t k = 0; ga[i].overwrite && k < d; ++k) ga[i].row[k] = 0.0f;
      for (int64_t j = 0; j < cols; ++j) axpy(scale * c[i * ldc + j], b[j], ga[i].row, d);
    }
    for (int64_t j = 0; gb && j < cols; ++j) {
      for (int64_t k = 0; gb[j].overwrite && k < d; ++k) gb[j].row[k] = 0.0f;
      for (int64_t i = 0; i < rows; ++i) axpy(scale * c[i * ldc + j], a[i], gb[j].row, d);
    }
    return;
  }
  // The chunks read each coefficient once per kLanes floats: scaled first, unless scale is 1.
  float scaled[kGradRows * kGradCols];
  if (scale != 1.0f) {
    for (int64_t i = 0; i < rows; ++i) {
      for (int64_t j = 0; j < cols; ++j) scaled[i * cols + j] = scale * c[i * ldc + j];
    }
    c = scaled;
    ldc = cols;
  }
  // The kernel for the sides asked for: calls block.template operator()<kGradA, kGradB>().
  const auto with_sides = [&](auto block) {
    if (ga && gb) {
      block.template operator()<true, true>();
    } else if (ga) {
      block.template operator()<true, false>();
    } else {
      block.template operator()<false, true>();
    }
  };
  // One row (CBOW's window mean) in one pass, unless its gradient row is the row itself (SGD in
  // place): the tiles below make the later tiles' columns from the row as the earlier ones left
  // it, and runs repeat those bits.
  if (rows == 1 && !(ga && ga[0].row == a[0])) {
    with_sides([&]<bool kGradA, bool kGradB>() {
      dot_grads_row<kGradA, kGradB>(d, cols, c, a[0], b, ga, gb);
    });
    return;
  }
  // Columns kGradTileCols at a time, in order, so each of ga's elements still adds its terms with
  // j ascending; a row of ga written by the first tile is added to by the next ones.
  GradRow ga_rows[kGradRows];
  for (int64_t i = 0; ga && i < rows; ++i) ga_rows[i] = ga[i];
  for (int64_t j0 = 0; j0 < cols; j0 += kGradTileCols) {
    with_block_size<kGradTileCols>(smaller(kGradTileCols, cols - j0), [&]<int M>() {
      with_sides([&]<bool kGradA, bool kGradB>() {
        dot_grads_tile<M, kGradA, kGradB>(d, rows, c + j0, ldc, a, b + j0, ga ? ga_rows : nullptr,
                                          gb ? gb + j0 : nullptr);
      });
    });
    for (int64_t i = 0; ga && i < rows; ++i) ga_rows[i].overwrite = false;
  }
}

}  // namespace gv::inline GV_ISA
