// Blocks of dot products, x_ij = a_i · b_j for a few rows a_i against a few rows b_j, and their
// gradients: the kernels the fused losses share (sgns/ and hs/), whose groups are such blocks (a
// centre's contexts against a Huffman path, SGNS inputs against their K + 1 outputs). One pass
// over the d floats serves the whole block, so each row is loaded once for all the rows it meets.
//
// Bit for bit: every dot sums in the order dot() gives, and every gradient element adds its terms
// in the order that axpy, called term by term, would; trained vectors are compared bit for bit
// across refactors, so these orders are part of the contract.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>

#include "autograd/kernels.h"

namespace gv {

// dot(a, b, d) = Σ a[k] b[k] over k < d (defined below as dot_block's one-row case),
// vectorised without -ffast-math and in the same order on every call:
// kDotLanes running sums (one AVX-512 register, two AVX2 ones), folded in halves: dots come
// many at a time, independent, so out-of-order execution overlaps their chains, and a narrower
// fold is shorter. For d >= kDotLanes the d % kDotLanes products left over go into the lanes
// before the fold, as one more full-width step over the last kDotLanes elements with those
// already summed masked out: a masked load, where scalar multiply-adds after the fold would be a
// serial chain as long as the leftover. bench/sgns_bench.cpp times the losses these serve.
inline constexpr int64_t kDotLanes = 16;
using DotLanes = float __attribute__((vector_size(kDotLanes * sizeof(float))));
using DotLaneIndex = int32_t __attribute__((vector_size(kDotLanes * sizeof(int32_t))));

// kDotLanes floats at p, any alignment, into `lanes`: a memcpy of one vector's bytes, which both
// compilers make one unaligned load (a row's last chunk starts anywhere). Not a cast to an
// under-aligned vector type: clang forgets the lowered alignment through a reference and loads
// with instructions that fault off a 64-byte boundary. Vectors pass by reference only, never by
// value: without AVX-512 (a build without -march=native) a 64-byte vector argument has no
// settled calling convention.
inline void load_lanes(const float* p, DotLanes& lanes) {
  std::memcpy(&lanes, p, sizeof lanes);
}

// Each lane's number, for the last, overlapping step's test of which lanes are already summed.
inline constexpr DotLaneIndex kLane = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};

// The folds of four dots' lanes at once: lane 4t of the result is l_t's lanes summed in halves,
// ((l + l>>8) + ...>>4) + ..., as for one dot, with the same two operands in every addition, so
// the same floats; shuffles that pair two vectors' halves do the work of four folds in about a
// third of their instructions. Spelled out in GCC's vector types because both other spellings go
// through memory: `omp simd reduction` adds its lanes one after another, and a float[16] folded in
// halves is stored whole and reloaded by halves, a store-to-load forward the CPU cannot make.
inline void fold_four(const DotLanes& l0, const DotLanes& l1, const DotLanes& l2,
                      const DotLanes& l3, DotLanes& sums) {
  // (h0 | h1) with h_t[m] = l_t[m] + l_t[m + 8], m < 8; likewise (h2 | h3).
  const DotLanes h01 =
      __builtin_shufflevector(l0, l1, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23) +
      __builtin_shufflevector(l0, l1, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31);
  const DotLanes h23 =
      __builtin_shufflevector(l2, l3, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23) +
      __builtin_shufflevector(l2, l3, 8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31);
  // (q0 | q1 | q2 | q3) with q_t[m] = h_t[m] + h_t[m + 4], m < 4.
  const DotLanes q =
      __builtin_shufflevector(h01, h23, 0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27) +
      __builtin_shufflevector(h01, h23, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31);
  // e_t[m] = q_t[m] + q_t[m + 2] in lanes 4t + m, m < 2; then e_t[0] + e_t[1] in lane 4t.
  const DotLanes e =
      q + __builtin_shufflevector(q, q, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
  sums = e + __builtin_shufflevector(e, e, 1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
}

// out[r * ldo + t] = dot(a[r], b[t], d) for r < R and t < N (each at most 4): one pass over the d
// floats, each vector of a and b loaded once for the R * N running sums, independent chains the
// CPU overlaps where separate dots would each wait on their own.
template <int R, int N>
inline void dot_block(const float* const* a, const float* const* b, int64_t d, float* out,
                      int64_t ldo) {
  static_assert(R >= 1 && R <= 4 && N >= 1 && N <= 4);
  if (d < kDotLanes) {  // shorter than one vector: plain sums
    for (int r = 0; r < R; ++r) {
      for (int t = 0; t < N; ++t) {
        float sum = 0.0f;
        for (int64_t k = 0; k < d; ++k) sum += a[r][k] * b[t][k];
        out[r * ldo + t] = sum;
      }
    }
    return;
  }
  DotLanes lanes[R][4] = {};  // [r][t], t >= N left zero for fold_four
  int64_t k = 0;
  for (; k + kDotLanes <= d; k += kDotLanes) {
#pragma GCC unroll 4
    for (int t = 0; t < N; ++t) {
      DotLanes y, x;
      load_lanes(b[t] + k, y);
#pragma GCC unroll 4
      for (int r = 0; r < R; ++r) {
        load_lanes(a[r] + k, x);
        lanes[r][t] += x * y;
      }
    }
  }
  if (k < d) {
    const int64_t last = d - kDotLanes;
    const int32_t summed = static_cast<int32_t>(k - last);  // lanes [0, summed) are done
#pragma GCC unroll 4
    for (int t = 0; t < N; ++t) {
      DotLanes y, x;
      load_lanes(b[t] + last, y);
#pragma GCC unroll 4
      for (int r = 0; r < R; ++r) {
        load_lanes(a[r] + last, x);
        const DotLanes products = x * y;
        lanes[r][t] += kLane >= summed ? products : DotLanes{};
      }
    }
  }
#pragma GCC unroll 4
  for (int r = 0; r < R; ++r) {
    DotLanes sums;
    fold_four(lanes[r][0], lanes[r][1], lanes[r][2], lanes[r][3], sums);
#pragma GCC unroll 4
    for (int t = 0; t < N; ++t) out[r * ldo + t] = sums[4 * t];
  }
}

inline float dot(const float* a, const float* b, int64_t d) {
  float sum;
  dot_block<1, 1>(&a, &b, d, &sum, 1);
  return sum;
}

// out[i * ldo + j] = dot(a_row(i), b_row(j), d) for i < rows and j < cols, in blocks of 4 x 4,
// where a_row and b_row return a row's pointer.
template <class RowA, class RowB>
inline void dot_grid(int64_t d, int64_t rows, int64_t cols, RowA a_row, RowB b_row, float* out,
                     int64_t ldo) {
  const float* a[4];
  const float* b[4];
  for (int64_t i0 = 0; i0 < rows; i0 += 4) {
    const int64_t m = std::min<int64_t>(4, rows - i0);
    for (int64_t r = 0; r < m; ++r) a[r] = a_row(i0 + r);
    for (int64_t j0 = 0; j0 < cols; j0 += 4) {
      const int64_t n = std::min<int64_t>(4, cols - j0);
      for (int64_t t = 0; t < n; ++t) b[t] = b_row(j0 + t);
      with_block_size<4>(m, [&]<int R>() {
        with_block_size<4>(n, [&]<int N>() { dot_block<R, N>(a, b, d, out + i0 * ldo + j0, ldo); });
      });
    }
  }
}

// The most rows of a's side one dot_block_grads call takes: a's and ga's lanes stay in
// registers for the whole pass over b, 2 * 8 of AVX-512's 32. And the most of b's, which only
// bounds the buffer of scaled coefficients: a Huffman path, or an SGNS group's K + 1 outputs.
inline constexpr int kGradRows = 8;
inline constexpr int kGradCols = 32;

// kDotLanes floats stored at p, any alignment (load_lanes' twin).
inline void store_lanes(float* p, const DotLanes& lanes) {
  std::memcpy(p, &lanes, sizeof lanes);
}

// The sums of a chunk of dot_block_grads, at offset k, that start from a gradient row (or from +0
// when it is to be overwritten), and their store. In the last, overlapping chunk (kTail), lanes
// below `summed` were finished by the chunk before: they are stored back as they were loaded.
[[gnu::always_inline]] inline void start_grad_lanes(const GradRow& g, int64_t k, DotLanes& sum) {
  if (g.overwrite) {
    sum = DotLanes{};
  } else {
    load_lanes(g.row + k, sum);
  }
}
template <bool kTail>
[[gnu::always_inline]] inline void store_grad_lanes(const GradRow& g, int64_t k, int32_t summed,
                                                    const DotLanes& sum) {
  if constexpr (kTail) {
    DotLanes kept;
    load_lanes(g.row + k, kept);
    store_lanes(g.row + k, kLane >= summed ? sum : kept);
  } else {
    store_lanes(g.row + k, sum);
  }
}

// M of b's rows, from j0, against the chunk's R rows of a: gb's M sums made and stored, ga's R
// sums carried on. Inlined, so that av and ga_sum stay in registers across the calls.
template <int R, int M, bool kGradA, bool kGradB, bool kTail>
[[gnu::always_inline]] inline void dot_grads_cols(int64_t k, int32_t summed, int64_t j0,
                                                  const float* c, int64_t ldc,
                                                  const float* const* b, const GradRow* gb,
                                                  const DotLanes (&av)[R], DotLanes (&ga_sum)[R]) {
  DotLanes bv[M], gb_sum[M];
#pragma GCC unroll 4
  for (int t = 0; t < M; ++t) {
    if constexpr (kGradA) load_lanes(b[j0 + t] + k, bv[t]);
    if constexpr (kGradB) start_grad_lanes(gb[j0 + t], k, gb_sum[t]);
  }
#pragma GCC unroll 8
  for (int i = 0; i < R; ++i) {
#pragma GCC unroll 4
    for (int t = 0; t < M; ++t) {
      const float cij = c[i * ldc + j0 + t];
      if constexpr (kGradB) gb_sum[t] += cij * av[i];
      if constexpr (kGradA) ga_sum[i] += cij * bv[t];
    }
  }
  if constexpr (kGradB) {
#pragma GCC unroll 4
    for (int t = 0; t < M; ++t) store_grad_lanes<kTail>(gb[j0 + t], k, summed, gb_sum[t]);
  }
}

// One kDotLanes-wide chunk of dot_block_grads for R rows: b's rows four at a time, their lanes
// and gb's sums with a's and ga's filling 24 registers.
template <int R, bool kGradA, bool kGradB, bool kTail>
[[gnu::always_inline]] inline void dot_grads_chunk(int64_t k, int32_t summed, int64_t cols,
                                                   const float* c, int64_t ldc,
                                                   const float* const* a, const float* const* b,
                                                   const GradRow* ga, const GradRow* gb) {
  DotLanes av[R], ga_sum[R];
#pragma GCC unroll 8
  for (int i = 0; i < R; ++i) {
    if constexpr (kGradB) load_lanes(a[i] + k, av[i]);
    if constexpr (kGradA) start_grad_lanes(ga[i], k, ga_sum[i]);
  }
  int64_t j0 = 0;
  for (; j0 + 4 <= cols; j0 += 4) {
    dot_grads_cols<R, 4, kGradA, kGradB, kTail>(k, summed, j0, c, ldc, b, gb, av, ga_sum);
  }
  switch (cols - j0) {
    case 3:
      dot_grads_cols<R, 3, kGradA, kGradB, kTail>(k, summed, j0, c, ldc, b, gb, av, ga_sum);
      break;
    case 2:
      dot_grads_cols<R, 2, kGradA, kGradB, kTail>(k, summed, j0, c, ldc, b, gb, av, ga_sum);
      break;
    case 1:
      dot_grads_cols<R, 1, kGradA, kGradB, kTail>(k, summed, j0, c, ldc, b, gb, av, ga_sum);
      break;
    default:
      break;
  }
  if constexpr (kGradA) {
#pragma GCC unroll 8
    for (int i = 0; i < R; ++i) store_grad_lanes<kTail>(ga[i], k, summed, ga_sum[i]);
  }
}

template <int R, bool kGradA, bool kGradB>
inline void dot_grads_rows(int64_t d, int64_t cols, const float* c, int64_t ldc,
                           const float* const* a, const float* const* b, const GradRow* ga,
                           const GradRow* gb) {
  int64_t k = 0;
  for (; k + kDotLanes <= d; k += kDotLanes) {
    dot_grads_chunk<R, kGradA, kGradB, false>(k, 0, cols, c, ldc, a, b, ga, gb);
  }
  if (k < d) {  // the last kDotLanes elements, those before k already summed
    const int64_t last = d - kDotLanes;
    dot_grads_chunk<R, kGradA, kGradB, true>(last, static_cast<int32_t>(k - last), cols, c, ldc, a,
                                             b, ga, gb);
  }
}

// The gradients of a block of dot products x_ij = a_i · b_j (i < rows, j < cols, at most
// kGradRows and kGradCols) given dL/dx_ij = scale * c[i * ldc + j]:
//   ga_i += Σ_j dL/dx_ij b_j  (j ascending),   gb_j += Σ_i dL/dx_ij a_i  (i ascending),
// each element summed in the order that axpy, called term by term, would add them, so the result
// is theirs bit for bit. One pass over the d floats for the whole block, where axpy_sum makes one
// per gradient row: a fused loss's group (a centre's contexts against a Huffman path, an input
// against its K + 1 outputs) costs a few loads per multiply-add rather than one call, and its
// overhead, per row. ga (rows) or gb (cols) may be null, for no gradient on that side; otherwise
// each side's rows must be distinct from one another and from a's and b's.
inline void dot_block_grads(int64_t d, int64_t rows, int64_t cols, const float* c, int64_t ldc,
                            float scale, const float* const* a, const float* const* b,
                            const GradRow* ga, const GradRow* gb) {
  if (rows <= 0 || cols <= 0 || (!ga && !gb)) return;
  if (d < kDotLanes) {  // shorter than one vector: the axpys themselves
    for (int64_t i = 0; ga && i < rows; ++i) {
      if (ga[i].overwrite) std::fill(ga[i].row, ga[i].row + d, 0.0f);
      for (int64_t j = 0; j < cols; ++j) axpy(scale * c[i * ldc + j], b[j], ga[i].row, d);
    }
    for (int64_t j = 0; gb && j < cols; ++j) {
      if (gb[j].overwrite) std::fill(gb[j].row, gb[j].row + d, 0.0f);
      for (int64_t i = 0; i < rows; ++i) axpy(scale * c[i * ldc + j], a[i], gb[j].row, d);
    }
    return;
  }
  // The chunks read each coefficient once per kDotLanes floats: scaled first, unless scale is 1.
  float scaled[kGradRows * kGradCols];
  if (scale != 1.0f) {
    for (int64_t i = 0; i < rows; ++i) {
      for (int64_t j = 0; j < cols; ++j) scaled[i * cols + j] = scale * c[i * ldc + j];
    }
    c = scaled;
    ldc = cols;
  }
  with_block_size<kGradRows>(rows, [&]<int R>() {
    if (ga && gb) {
      dot_grads_rows<R, true, true>(d, cols, c, ldc, a, b, ga, gb);
    } else if (ga) {
      dot_grads_rows<R, true, false>(d, cols, c, ldc, a, b, ga, gb);
    } else {
      dot_grads_rows<R, false, true>(d, cols, c, ldc, a, b, ga, gb);
    }
  });
}

}  // namespace gv
