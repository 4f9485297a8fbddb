// The kernels of one variant, in its namespace gv::GV_ISA (avx512, avx2 or baseline): the sources
// of this folder are compiled once per instruction set (autograd/CMakeLists.txt), and
// kernel_table_entries.cpp gathers each compilation's kernels into its KernelTable. Only the
// sources of this folder include this header.
#pragma once

#if !defined(GV_ISA)
#error "simd/isa/ sources are compiled once per variant, with GV_ISA naming it"
#endif

#include <cstdint>
#include <cstring>

#include "autograd/simd/kernel_table.h"

namespace gv::inline GV_ISA {

// One vector register of floats, the unit of the kernels that spell out their vectors (the dots,
// GELU): kLanes of them, as GCC's vector type.
#if defined(__AVX512F__)
constexpr int64_t kLanes = 16;
#elif defined(__AVX2__)
constexpr int64_t kLanes = 8;
#else
constexpr int64_t kLanes = 4;
#endif
using Lanes = float __attribute__((vector_size(kLanes * sizeof(float))));
using LaneIndex = int32_t __attribute__((vector_size(kLanes * sizeof(int32_t))));
using LaneBits = uint32_t __attribute__((vector_size(kLanes * sizeof(uint32_t))));

// kLanes floats at p, any alignment, into `lanes`: a memcpy of one vector's bytes, which both
// compilers make one unaligned load (a row's last chunk starts anywhere). Not a cast to an
// under-aligned vector type: clang forgets the lowered alignment through a reference and loads
// with instructions that fault off an aligned boundary.
[[gnu::always_inline]] inline void load_lanes(const float* p, Lanes& lanes) {
  std::memcpy(&lanes, p, sizeof lanes);
}

// kLanes floats stored at p, any alignment (load_lanes' twin).
[[gnu::always_inline]] inline void store_lanes(float* p, const Lanes& lanes) {
  std::memcpy(p, &lanes, sizeof lanes);
}

// dot_kernels.cpp
void dot_rows(int64_t d, int64_t rows, int64_t cols, const float* const* a, const float* const* b,
              float* out, int64_t ldo);
void dot_block_grads(int64_t d, int64_t rows, int64_t cols, const float* c, int64_t ldc,
                     float scale, const float* const* a, const float* const* b, const GradRow* ga,
                     const GradRow* gb);

// row_kernels.cpp
double logistic_losses(float* x, const float* y, int64_t n);
void axpy_rows(float* y, int64_t d, int64_t n, const float* const* x, const float* alpha,
               bool overwrite);
void causal_softmax_row(const float* x, float* y, int64_t t, int64_t length, float scale);
void softmax_row_backward(const float* y, const float* g, float* dx, int64_t t, float scale);
void gelu(const float* x, float* y, int64_t n);
void gelu_backward(const float* x, const float* g, float* gx, int64_t n, bool add);
void sgd_update(float* value, const float* grad, int64_t n, float lr);
void adagrad_update(float* value, float* sum_sq, const float* grad, int64_t n, float lr, float eps);
void adam_update(float* value, float* m, float* v, const float* grad, int64_t n, float beta1,
                 float beta2, float step_size, float eps);

// gemm_kernels.cpp
void gemm(StridedMatrix a, const float* b, int64_t ldb, float* c, int64_t ldc, int64_t m, int64_t k,
          int64_t n, bool add);

}  // namespace gv::inline GV_ISA
