// Blocks of dot products and their gradients, against plain double sums, dot() and axpy.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "word2vec/losses/dot_blocks.h"

namespace gv {

namespace {

// n rows of d floats, deterministic and distinct per seed.
std::vector<float> rows_of(int64_t n, int64_t d, float seed) {
  std::vector<float> rows(static_cast<size_t>(n * d));
  for (int64_t k = 0; k < n * d; ++k) rows[k] = std::sin(seed * static_cast<float>(k + 1)) * 1.7f;
  return rows;
}

std::vector<const float*> pointers(std::vector<float>& rows, int64_t n, int64_t d) {
  std::vector<const float*> p;
  for (int64_t t = 0; t < n; ++t) p.push_back(rows.data() + t * d);
  return p;
}

}  // namespace

TEST_CASE("dot matches a double sum for every width around the lane count", "[kernels]") {
  // Widths below, at and between multiples of kDotLanes: the scalar tail, the full-width
  // steps and the masked last step over already summed elements.
  for (int64_t d = 1; d <= 3 * kDotLanes + 5; ++d) {
    std::vector<float> a(static_cast<size_t>(d)), b(static_cast<size_t>(d));
    double expected = 0.0;
    for (int64_t k = 0; k < d; ++k) {
      a[k] = static_cast<float>(k % 7) - 2.5f;
      b[k] = 0.25f * static_cast<float>(k % 5) + 1.0f;
      expected += double(a[k]) * double(b[k]);
    }
    INFO("d = " << d);
    CHECK(dot(a.data(), b.data(), d) == Approx(expected).margin(1e-4));
  }
}

TEST_CASE("dot_grid gives each pair's dot bit for bit, in every block shape", "[kernels]") {
  // 1 to 9 rows against 1 to 9: every block of up to 4 x 4 and the grid's smaller last ones, at
  // widths below the lane count, at it, with a masked last step and without.
  for (const int64_t d : {int64_t{3}, kDotLanes, int64_t{100}, 2 * kDotLanes + 1}) {
    for (int64_t rows = 1; rows <= 9; ++rows) {
      for (int64_t cols = 1; cols <= 9; ++cols) {
        std::vector<float> a = rows_of(rows, d, 0.37f), b = rows_of(cols, d, 1.3f);
        const int64_t ldo = cols + 2;  // a wider output: the grid writes only its columns
        std::vector<float> out(static_cast<size_t>(rows * ldo), -7.0f);
        dot_grid(
            d, rows, cols, [&](int64_t i) { return a.data() + i * d; },
            [&](int64_t j) { return b.data() + j * d; }, out.data(), ldo);
        for (int64_t i = 0; i < rows; ++i) {
          for (int64_t j = 0; j < ldo; ++j) {
            INFO("d = " << d << ", " << rows << " x " << cols << ", (" << i << ", " << j << ")");
            if (j < cols) {
              CHECK(out[i * ldo + j] == dot(a.data() + i * d, b.data() + j * d, d));
            } else {
              CHECK(out[i * ldo + j] == -7.0f);
            }
          }
        }
      }
    }
  }
}

TEST_CASE("dot_block_grads gives separate axpys' sums bit for bit", "[kernels]") {
  // Every row count up to kGradRows against 1 to 9 columns (blocks of 4 and what is left), at
  // widths below the lane count, at it, with an overlapping last chunk and without; scale 1 and
  // not; some gradient rows overwritten (their stale floats ignored, as a zeroed row's sums),
  // and each side alone.
  for (const int64_t d : {int64_t{5}, kDotLanes, int64_t{37}, int64_t{100}}) {
    for (int64_t rows = 1; rows <= kGradRows; ++rows) {
      for (int64_t cols = 1; cols <= 9; ++cols) {
        for (const float scale : {1.0f, -0.75f}) {
          for (const int sides : {3, 1, 2}) {  // bit 0: a's gradients, bit 1: b's
            std::vector<float> a = rows_of(rows, d, 0.41f), b = rows_of(cols, d, 0.93f);
            std::vector<float> c = rows_of(rows, cols, 2.3f);
            std::vector<float> ga = rows_of(rows, d, 3.1f), gb = rows_of(cols, d, 5.7f);
            std::vector<float> ga_expected = ga, gb_expected = gb;
            std::vector<GradRow> ga_rows, gb_rows;
            for (int64_t i = 0; i < rows; ++i) {
              const bool overwrite = i % 3 == 1;
              float* expected = ga_expected.data() + i * d;
              if (overwrite) std::fill(expected, expected + d, 0.0f);
              for (int64_t j = 0; j < cols && (sides & 1); ++j) {
                axpy(scale * c[i * cols + j], b.data() + j * d, expected, d);
              }
              ga_rows.push_back({ga.data() + i * d, overwrite});
            }
            for (int64_t j = 0; j < cols; ++j) {
              const bool overwrite = j % 2 == 0;
              float* expected = gb_expected.data() + j * d;
              if (overwrite && (sides & 2)) std::fill(expected, expected + d, 0.0f);
              for (int64_t i = 0; i < rows && (sides & 2); ++i) {
                axpy(scale * c[i * cols + j], a.data() + i * d, expected, d);
              }
              gb_rows.push_back({gb.data() + j * d, overwrite});
            }
            if (!(sides & 1)) ga_expected = ga;  // untouched
            const auto a_rows = pointers(a, rows, d), b_rows = pointers(b, cols, d);
            dot_block_grads(d, rows, cols, c.data(), cols, scale, a_rows.data(), b_rows.data(),
                            (sides & 1) ? ga_rows.data() : nullptr,
                            (sides & 2) ? gb_rows.data() : nullptr);
            INFO("d = " << d << ", " << rows << " x " << cols << ", scale " << scale << ", sides "
                        << sides);
            CHECK(ga == ga_expected);
            CHECK(gb == gb_expected);
          }
        }
      }
    }
  }
}

TEST_CASE("dot_block_grads reads its coefficients with their row stride", "[kernels]") {
  // A 2 x 3 block inside a 2 x 5 coefficient matrix, at columns 1 to 3.
  const int64_t d = 20;
  std::vector<float> a = rows_of(2, d, 0.5f), b = rows_of(3, d, 0.25f);
  const std::vector<float> c = {9, 1, 2, 3, 9, 9, 4, 5, 6, 9};
  std::vector<float> ga(2 * d, 0.0f), gb(3 * d, 0.0f);
  std::vector<GradRow> ga_rows = {{ga.data(), true}, {ga.data() + d, true}};
  std::vector<GradRow> gb_rows = {
      {gb.data(), true}, {gb.data() + d, true}, {gb.data() + 2 * d, true}};
  const auto a_rows = pointers(a, 2, d), b_rows = pointers(b, 3, d);
  dot_block_grads(d, 2, 3, c.data() + 1, 5, 1.0f, a_rows.data(), b_rows.data(), ga_rows.data(),
                  gb_rows.data());
  // Hand-derived: ga_0 = 1 b_0 + 2 b_1 + 3 b_2, gb_2 = 3 a_0 + 6 a_1.
  for (int64_t k = 0; k < d; ++k) {
    CHECK(ga[k] == Approx(1 * b[k] + 2 * b[d + k] + 3 * b[2 * d + k]));
    CHECK(gb[2 * d + k] == Approx(3 * a[k] + 6 * a[d + k]));
  }
}

}  // namespace gv
