// The numeric kernels the fused losses are built on, against plain double-precision loops.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "autograd/kernels.h"

namespace gv {

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

TEST_CASE("dot_rows gives each row dot's result bit for bit", "[kernels]") {
  // 1 to 9 rows: the blocks of four, three, two and the single row dot_rows splits them into,
  // at widths with and without a masked last step and below the lane count.
  for (const int64_t d : {int64_t{3}, kDotLanes, int64_t{100}, 2 * kDotLanes + 1}) {
    std::vector<float> a(static_cast<size_t>(d));
    for (int64_t k = 0; k < d; ++k) a[k] = std::sin(0.37f * static_cast<float>(k)) + 0.1f;
    for (int64_t n = 1; n <= 9; ++n) {
      std::vector<float> rows(static_cast<size_t>(n * d)), out(static_cast<size_t>(n), -1.0f);
      for (int64_t k = 0; k < n * d; ++k) rows[k] = std::cos(1.3f * static_cast<float>(k)) * 3.0f;
      dot_rows(
          a.data(), d, n, [&](int64_t t) { return rows.data() + t * d; },
          [&](int64_t t) -> float& { return out[t]; });
      for (int64_t t = 0; t < n; ++t) {
        INFO("d = " << d << ", n = " << n << ", row " << t);
        CHECK(out[t] == dot(a.data(), rows.data() + t * d, d));
      }
    }
  }
}

TEST_CASE("logistic_losses gives softplus losses and sigma(x) - y", "[kernels]") {
  // More than kFactorsPerLog logits, so the loss is the sum of several logs of products;
  // large |x| too, where exp(-|x|) underflows.
  std::vector<float> x, y;
  for (int64_t k = 0; k < 3 * kFactorsPerLog + 11; ++k) {
    x.push_back(static_cast<float>(k % 41) - 20.0f + (k % 97 == 0 ? 150.0f : 0.0f));
    y.push_back(k % 3 == 0 ? 1.0f : 0.0f);
  }
  double expected = 0.0;
  std::vector<double> coefficients;
  for (size_t k = 0; k < x.size(); ++k) {
    const double z = y[k] > 0 ? -double(x[k]) : double(x[k]);
    expected += std::max(z, 0.0) + std::log1p(std::exp(-std::fabs(z)));
    coefficients.push_back(1.0 / (1.0 + std::exp(-double(x[k]))) - y[k]);
  }
  const double loss = logistic_losses(x.data(), y.data(), static_cast<int64_t>(x.size()));
  CHECK(loss == Approx(expected).epsilon(1e-5));
  for (size_t k = 0; k < x.size(); ++k) {
    INFO("k = " << k);
    CHECK(x[k] == Approx(coefficients[k]).margin(1e-6));
  }
}

}  // namespace gv
