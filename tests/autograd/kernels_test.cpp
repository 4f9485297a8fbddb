// The numeric kernels the fused losses are built on, against plain double-precision loops.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "autograd/kernels.h"

namespace gv {

TEST_CASE("axpy_sum gives n calls of axpy bit for bit, and overwrite a zeroed y's result",
          "[kernels]") {
  const int64_t d = 37;  // two full vectors and a remainder
  for (int64_t n = 1; n <= 2 * kBlock + 1; ++n) {
    std::vector<float> x(static_cast<size_t>(n * d)), alpha(static_cast<size_t>(n));
    for (int64_t k = 0; k < n * d; ++k) x[k] = std::cos(0.7f * static_cast<float>(k)) * 1.7f;
    for (int64_t t = 0; t < n; ++t) alpha[t] = 0.3f - 0.11f * static_cast<float>(t);
    const auto term = [&](int64_t t) { return std::pair(alpha[t], x.data() + t * d); };
    std::vector<float> start(static_cast<size_t>(d));
    for (int64_t k = 0; k < d; ++k) start[k] = std::sin(0.9f * static_cast<float>(k));

    std::vector<float> expected = start, summed = start;
    for (int64_t t = 0; t < n; ++t) axpy(alpha[t], x.data() + t * d, expected.data(), d);
    axpy_sum(summed.data(), d, n, term);
    // Overwrite ignores what y holds (here the start values) and gives a zeroed y's sums.
    std::vector<float> from_zero(static_cast<size_t>(d), 0.0f), overwritten = start;
    for (int64_t t = 0; t < n; ++t) axpy(alpha[t], x.data() + t * d, from_zero.data(), d);
    axpy_sum(overwritten.data(), d, n, term, /*overwrite=*/true);
    for (int64_t k = 0; k < d; ++k) {
      INFO("n = " << n << ", k = " << k);
      CHECK(summed[k] == expected[k]);
      CHECK(overwritten[k] == from_zero[k]);
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

TEST_CASE("fast_exp follows exp over its range, clamps outside it and keeps a NaN a NaN",
          "[kernels]") {
  for (const float x : {-87.0f, -10.5f, -1.0f, 0.0f, 0.3f, 1.0f, 20.0f, 88.0f}) {
    CAPTURE(x);
    CHECK(gv::fast_exp(x) == Approx(std::exp(x)).epsilon(1e-6));
  }
  CHECK(gv::fast_exp(-1000.0f) == gv::fast_exp(-87.0f));
  CHECK(gv::fast_exp(std::numeric_limits<float>::infinity()) == gv::fast_exp(88.0f));
  // A diverged logit: no undefined conversion of NaN to an integer (UBSan reports one), and
  // the NaN reaches the loss, where training sees it.
  CHECK(std::isnan(gv::fast_exp(std::numeric_limits<float>::quiet_NaN())));
  CHECK(std::isnan(gv::fast_exp(-std::numeric_limits<float>::quiet_NaN())));
}
