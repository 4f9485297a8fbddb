// KernelTable: the hot loops of training, compiled once per instruction set (simd/isa/), and the
// one that this process runs. Callers reach a kernel through kernels(): an indirect call per
// block of work (a group of dot products, a tile panel, a row update), far less than the work.
//
// Why a table and not -march=native: a variant's block and tile sizes are sized to its registers
// (32 of 16 floats with AVX-512, 16 of 8 with AVX2, 16 of 4 with SSE2), which the compiler must
// know when it allocates them; code sized for AVX-512's registers spills on the others. Every
// variant is in the binary, and isa.h picks one when the process starts.
//
// Results: within a variant, every kernel's arithmetic is fixed, so a run repeats bit for bit.
// Across variants the bits differ: a dot sums its register's lanes (16, 8 or 4) folded in halves;
// the AVX2 and AVX-512 variants contract multiply-adds into FMA instructions (one rounding where
// baseline rounds twice); and loops the compiler vectorises (`omp simd` reductions) sum in an
// order set by the vector width. The tests hold every variant to the baseline within float
// tolerance (tests/autograd/isa_test.cpp).
#pragma once

#include <cstdint>

#include "autograd/kernels.h"
#include "autograd/ops/gemm.h"
#include "autograd/simd/isa.h"

namespace gv {

// The most rows (a's side) and columns (b's side) one dot_rows or dot_block_grads call takes:
// a skip-gram group's contexts, or a CBOW row, against an SGNS group's K + 1 outputs or a
// Huffman path's nodes, in pieces of at most this size.
inline constexpr int kGradRows = 8;
inline constexpr int kGradCols = 32;

struct KernelTable {
  Isa isa;

  // out[i * ldo + j] = a_i · b_j for i < rows <= kGradRows and j < cols <= kGradCols, each dot
  // summed as dot() sums it: a pass over the d floats for a tile of rows and columns.
  void (*dot_rows)(int64_t d, int64_t rows, int64_t cols, const float* const* a,
                   const float* const* b, float* out, int64_t ldo);

  // The gradients of x_ij = a_i · b_j (i < rows <= kGradRows, j < cols <= kGradCols) given
  // dL/dx_ij = scale * c[i * ldc + j]:
  //   ga_i += Σ_j dL/dx_ij b_j  (j ascending),   gb_j += Σ_i dL/dx_ij a_i  (i ascending),
  // each element summed in the order that axpy, called term by term, would add them. ga or gb
  // may be null, for no gradient on that side; otherwise each side's rows are distinct from one
  // another and, when both sides are given, from the other side's. A gradient row may be a row
  // of a or b itself: SGD applied in the backward (Optimizer::update_in_backward) passes the
  // table rows as their own gradient rows, scale carrying -lr. Every chunk of kLanes floats is
  // read before anything is stored over it, so a tile of columns makes all its terms from the
  // rows as they were when it began, and a later tile reads them as the earlier ones left them.
  void (*dot_block_grads)(int64_t d, int64_t rows, int64_t cols, const float* c, int64_t ldc,
                          float scale, const float* const* a, const float* const* b,
                          const GradRow* ga, const GradRow* gb);

  // logistic_losses (kernels.h): Σ softplus of n logits x with labels y, each x_k replaced by
  // σ(x_k) - y_k.
  double (*logistic_losses)(float* x, const float* y, int64_t n);

  // y (d) += Σ_t alpha[t] x[t] (d) over t < n, in the order of n axpys (axpy_sum, kernels.h); with
  // overwrite, y's old floats are not read.
  void (*axpy_rows)(float* y, int64_t d, int64_t n, const float* const* x, const float* alpha,
                    bool overwrite);

  // gemm_add and gemm_write (ops/gemm.h): c (M, N) += a (M, K) @ b (K, N) when add, else
  // c = a @ b, tiles sized to the registers.
  void (*gemm)(StridedMatrix a, const float* b, int64_t ldb, float* c, int64_t ldc, int64_t m,
               int64_t k, int64_t n, bool add);

  // y[0..t] = softmax(scale * x[0..t]), y[t + 1..length) = 0: a row of a causal softmax (may be
  // in place). And its backward: dx[0..t] += scale * y ⊙ (g - Σ_c g_c y_c).
  void (*causal_softmax_row)(const float* x, float* y, int64_t t, int64_t length, float scale);
  void (*softmax_row_backward)(const float* y, const float* g, float* dx, int64_t t, float scale);

  // GELU in its tanh form (ops.h: gelu), y = x σ(z) with z = 2 √(2/π) (x + 0.044715 x³), over n
  // floats; and its backward, gx += g (σ + x σ (1 - σ) dz/dx) when add, else gx = (gx unread).
  void (*gelu)(const float* x, float* y, int64_t n);
  void (*gelu_backward)(const float* x, const float* g, float* gx, int64_t n, bool add);

  // The optimizers' element loops over n floats (optim.h): value -= lr g; Adagrad's
  // sum_sq += g², value -= lr g / (√sum_sq + eps); Adam's moments and step with bias corrections
  // folded into step_size and eps (Adam::next_step).
  void (*sgd_update)(float* value, const float* grad, int64_t n, float lr);
  void (*adagrad_update)(float* value, float* sum_sq, const float* grad, int64_t n, float lr,
                         float eps);
  void (*adam_update)(float* value, float* m, float* v, const float* grad, int64_t n, float beta1,
                      float beta2, float step_size, float eps);
};

// The variant active_isa() names, chosen once. Throws as active_isa() does.
const KernelTable& kernels();

// y (d) += Σ_t alpha_t x_t over t < n, where term(t) returns the pair (alpha_t, x_t): the result
// of axpy(alpha_t, x_t, y, d) for t = 0, 1, ..., bit for bit, in one pass over y per kBlock
// terms (KernelTable::axpy_rows). The embedding bag adds a window's rows into its sum this way;
// with one axpy per row, y's loads and stores were half the traffic.
// With overwrite (and n > 0), y's old floats are ignored: the result is that of a zeroed y.
template <class Term>
void axpy_sum(float* y, int64_t d, int64_t n, Term term, bool overwrite = false) {
  const KernelTable& table = kernels();
  for (int64_t t = 0; t < n; t += kBlock) {
    const float* x[kBlock];
    float alpha[kBlock];
    const int64_t m = n - t < kBlock ? n - t : kBlock;
    for (int64_t q = 0; q < m; ++q) {
      const auto [a, row] = term(t + q);
      alpha[q] = a;
      x[q] = row;
    }
    table.axpy_rows(y, d, m, x, alpha, overwrite && t == 0);
  }
}

// A variant's table, or null where isa_available(isa) is false: for tests and benchmarks that
// compare variants in one process.
const KernelTable* kernels_for(Isa isa);

}  // namespace gv
