// The block kernels of the fused losses (KernelTable::dot_rows, dot_block_grads), in every
// variant this CPU runs: against plain double sums, and bit for bit against the variant's own
// one-pair dot and term-by-term axpy, whose orders they promise.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <vector>

#include "autograd/simd/kernel_table.h"
#include "tests/autograd/isa_support.h"

namespace gv {

namespace {

std::vector<const float*> pointers(std::vector<float>& rows, int64_t n, int64_t d) {
  std::vector<const float*> p;
  for (int64_t t = 0; t < n; ++t) p.push_back(rows.data() + t * d);
  return p;
}

// The variant's dot of one pair, and its y += alpha x: the orders its blocks must keep.
float dot_of(const KernelTable& k, const float* a, const float* b, int64_t d) {
  float out;
  k.dot_rows(d, 1, 1, &a, &b, &out, 1);
  return out;
}
void axpy_of(const KernelTable& k, float alpha, const float* x, float* y, int64_t d) {
  k.axpy_rows(y, d, 1, &x, &alpha, false);
}

}  // namespace

TEST_CASE("dot_rows matches a double sum for every width around the lane counts", "[kernels]") {
  // Widths below, at and between multiples of every variant's lanes (4, 8, 16): the scalar
  // tail, the full-width steps and the masked last step over already summed elements.
  for (const KernelTable* k : runnable_kernels()) {
    for (int64_t d = 1; d <= 53; ++d) {
      std::vector<float> a(static_cast<size_t>(d)), b(static_cast<size_t>(d));
      double expected = 0.0;
      for (int64_t j = 0; j < d; ++j) {
        a[j] = static_cast<float>(j % 7) - 2.5f;
        b[j] = 0.25f * static_cast<float>(j % 5) + 1.0f;
        expected += double(a[j]) * double(b[j]);
      }
      INFO(isa_name(k->isa) << ", d = " << d);
      CHECK(dot_of(*k, a.data(), b.data(), d) == Approx(expected).margin(1e-4));
    }
  }
}

TEST_CASE("dot_rows gives each pair's dot bit for bit, in every tile shape", "[kernels]") {
  // 1 to kGradRows rows against up to 9 columns: every tile and the smaller last ones, at widths
  // below the lane count, at it, with a masked last step and without.
  for (const KernelTable* k : runnable_kernels()) {
    for (const int64_t d : {int64_t{3}, int64_t{16}, int64_t{100}, int64_t{33}}) {
      for (int64_t rows = 1; rows <= kGradRows; ++rows) {
        for (int64_t cols = 1; cols <= 9; ++cols) {
          std::vector<float> a = sine_rows(rows, d, 0.37f), b = sine_rows(cols, d, 1.3f);
          const int64_t ldo = cols + 2;  // a wider output: only its first columns are written
          std::vector<float> out(static_cast<size_t>(rows * ldo), -7.0f);
          const auto a_rows = pointers(a, rows, d), b_rows = pointers(b, cols, d);
          k->dot_rows(d, rows, cols, a_rows.data(), b_rows.data(), out.data(), ldo);
          for (int64_t i = 0; i < rows; ++i) {
            for (int64_t j = 0; j < ldo; ++j) {
              INFO(isa_name(k->isa) << ", d = " << d << ", " << rows << " x " << cols << ", (" << i
                                    << ", " << j << ")");
              if (j < cols) {
                CHECK(out[i * ldo + j] == dot_of(*k, a_rows[i], b_rows[j], d));
              } else {
                CHECK(out[i * ldo + j] == -7.0f);
              }
            }
          }
        }
      }
    }
  }
}

TEST_CASE("dot_block_grads gives separate axpys' sums bit for bit", "[kernels]") {
  // Every row count up to kGradRows (one row takes a path of its own) against 1 to 9 columns and
  // past the widest variant's tile of 12 (tiles and what is left, up to kGradCols), at widths
  // below the lane count, at it, with an overlapping last chunk and without, and wide enough for
  // one row's several runs of chunks in every variant (203); scale 1 and not;
  // some gradient rows overwritten (their stale floats ignored, as a zeroed row's sums: a's one
  // row too, at some column counts, as CBOW's fresh gradient of its mean), and each side alone.
  for (const KernelTable* k : runnable_kernels()) {
    for (const int64_t d : {int64_t{5}, int64_t{16}, int64_t{37}, int64_t{100}, int64_t{203}}) {
      for (int64_t rows = 1; rows <= kGradRows; ++rows) {
        for (const int64_t cols : {1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 25, kGradCols}) {
          for (const float scale : {1.0f, -0.75f}) {
            for (const int sides : {3, 1, 2}) {  // bit 0: a's gradients, bit 1: b's
              std::vector<float> a = sine_rows(rows, d, 0.41f), b = sine_rows(cols, d, 0.93f);
              std::vector<float> c = sine_rows(rows, cols, 2.3f);
              std::vector<float> ga = sine_rows(rows, d, 3.1f), gb = sine_rows(cols, d, 5.7f);
              std::vector<float> ga_expected = ga, gb_expected = gb;
              std::vector<GradRow> ga_rows, gb_rows;
              for (int64_t i = 0; i < rows; ++i) {
                const bool overwrite = (i + cols) % 3 == 1;
                float* expected = ga_expected.data() + i * d;
                if (overwrite) std::fill(expected, expected + d, 0.0f);
                for (int64_t j = 0; j < cols && (sides & 1); ++j) {
                  axpy_of(*k, scale * c[i * cols + j], b.data() + j * d, expected, d);
                }
                ga_rows.push_back({ga.data() + i * d, overwrite});
              }
              for (int64_t j = 0; j < cols; ++j) {
                const bool overwrite = j % 2 == 0;
                float* expected = gb_expected.data() + j * d;
                if (overwrite && (sides & 2)) std::fill(expected, expected + d, 0.0f);
                for (int64_t i = 0; i < rows && (sides & 2); ++i) {
                  axpy_of(*k, scale * c[i * cols + j], a.data() + i * d, expected, d);
                }
                gb_rows.push_back({gb.data() + j * d, overwrite});
              }
              if (!(sides & 1)) ga_expected = ga;  // untouched
              const auto a_rows = pointers(a, rows, d), b_rows = pointers(b, cols, d);
              k->dot_block_grads(d, rows, cols, c.data(), cols, scale, a_rows.data(), b_rows.data(),
                                 (sides & 1) ? ga_rows.data() : nullptr,
                                 (sides & 2) ? gb_rows.data() : nullptr);
              INFO(isa_name(k->isa) << ", d = " << d << ", " << rows << " x " << cols << ", scale "
                                    << scale << ", sides " << sides);
              CHECK(ga == ga_expected);
              CHECK(gb == gb_expected);
            }
          }
        }
      }
    }
  }
}

TEST_CASE("dot_block_grads updates b's rows in place from the rows as they were", "[kernels]") {
  // SGD in the backward (Optimizer::update_in_backward) passes b's rows as their own gradient rows:
  // each gets its separate axpys, and a's gradients are made from b's rows before any moved. One
  // row (its own path, with the overlapping last chunk in a run before the chunk it overlaps)
  // and several, at widths with and without that chunk; each side in a call of its own with its
  // own scale, as the losses' backward makes them, and both in one call.
  for (const KernelTable* k : runnable_kernels()) {
    for (const int64_t d : {int64_t{37}, int64_t{100}, int64_t{203}}) {
      for (const int64_t rows : {int64_t{1}, int64_t{3}}) {
        for (const bool together : {false, true}) {
          const int64_t cols = 15;  // a Huffman path's length
          const float in_scale = together ? -0.05f : 1.0f, out_scale = -0.05f;
          std::vector<float> a = sine_rows(rows, d, 0.41f), b = sine_rows(cols, d, 0.93f);
          const std::vector<float> c = sine_rows(rows, cols, 2.3f);
          std::vector<float> ga(static_cast<size_t>(rows * d)), b_expected = b;
          std::vector<float> ga_expected(ga.size(), 0.0f);
          std::vector<GradRow> ga_rows, gb_rows;
          for (int64_t i = 0; i < rows; ++i) {
            for (int64_t j = 0; j < cols; ++j) {
              axpy_of(*k, in_scale * c[i * cols + j], b.data() + j * d, ga_expected.data() + i * d,
                      d);
            }
            ga_rows.push_back({ga.data() + i * d, true});
          }
          for (int64_t j = 0; j < cols; ++j) {
            for (int64_t i = 0; i < rows; ++i) {
              axpy_of(*k, out_scale * c[i * cols + j], a.data() + i * d, b_expected.data() + j * d,
                      d);
            }
            gb_rows.push_back({b.data() + j * d, false});
          }
          const auto a_rows = pointers(a, rows, d), b_rows = pointers(b, cols, d);
          if (together) {
            k->dot_block_grads(d, rows, cols, c.data(), cols, out_scale, a_rows.data(),
                               b_rows.data(), ga_rows.data(), gb_rows.data());
          } else {
            k->dot_block_grads(d, rows, cols, c.data(), cols, in_scale, a_rows.data(),
                               b_rows.data(), ga_rows.data(), nullptr);
            k->dot_block_grads(d, rows, cols, c.data(), cols, out_scale, a_rows.data(),
                               b_rows.data(), nullptr, gb_rows.data());
          }
          INFO(isa_name(k->isa) << ", d = " << d << ", " << rows << " rows, together " << together);
          CHECK(ga == ga_expected);
          CHECK(b == b_expected);
        }
      }
    }
  }
}

TEST_CASE("dot_block_grads reads its coefficients with their row stride", "[kernels]") {
  // A 2 x 3 block inside a 2 x 5 coefficient matrix, at columns 1 to 3.
  for (const KernelTable* k : runnable_kernels()) {
    const int64_t d = 20;
    std::vector<float> a = sine_rows(2, d, 0.5f), b = sine_rows(3, d, 0.25f);
    const std::vector<float> c = {9, 1, 2, 3, 9, 9, 4, 5, 6, 9};
    std::vector<float> ga(2 * d, 0.0f), gb(3 * d, 0.0f);
    std::vector<GradRow> ga_rows = {{ga.data(), true}, {ga.data() + d, true}};
    std::vector<GradRow> gb_rows = {
        {gb.data(), true}, {gb.data() + d, true}, {gb.data() + 2 * d, true}};
    const auto a_rows = pointers(a, 2, d), b_rows = pointers(b, 3, d);
    k->dot_block_grads(d, 2, 3, c.data() + 1, 5, 1.0f, a_rows.data(), b_rows.data(), ga_rows.data(),
                       gb_rows.data());
    // Hand-derived: ga_0 = 1 b_0 + 2 b_1 + 3 b_2, gb_2 = 3 a_0 + 6 a_1.
    for (int64_t j = 0; j < d; ++j) {
      INFO(isa_name(k->isa) << ", element " << j);
      CHECK(ga[j] == Approx(1 * b[j] + 2 * b[d + j] + 3 * b[2 * d + j]));
      CHECK(gb[2 * d + j] == Approx(3 * a[j] + 6 * a[d + j]));
    }
  }
}

}  // namespace gv
