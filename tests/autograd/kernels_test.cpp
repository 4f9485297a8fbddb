// The numeric kernels the fused losses are built on, in every variant this CPU runs, against
// plain double-precision loops and the orders they promise.
#include <catch2/catch.hpp>

#include <xmmintrin.h>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "autograd/kernels.h"
#include "autograd/simd/kernel_table.h"
#include "tests/autograd/isa_support.h"

namespace gv {

TEST_CASE("axpy_rows gives n calls of axpy bit for bit, and overwrite a zeroed y's result",
          "[kernels]") {
  const int64_t d = 37;  // full vectors and a remainder in every variant
  for (const KernelTable* k : runnable_kernels()) {
    // y += alpha x, one term: the variant's axpy, whose order the longer sums keep.
    const auto axpy_one = [&](float alpha, const float* x, float* y) {
      k->axpy_rows(y, d, 1, &x, &alpha, false);
    };
    for (int64_t n = 1; n <= 2 * kBlock + 1; ++n) {
      std::vector<float> x = sine_rows(n, d, 0.7f), alpha = sine_rows(1, n, 0.11f);
      std::vector<const float*> rows;
      for (int64_t t = 0; t < n; ++t) rows.push_back(x.data() + t * d);
      const std::vector<float> start = sine_rows(1, d, 0.9f);

      std::vector<float> expected = start, summed = start;
      for (int64_t t = 0; t < n; ++t) axpy_one(alpha[t], rows[t], expected.data());
      k->axpy_rows(summed.data(), d, n, rows.data(), alpha.data(), false);
      // Overwrite ignores what y holds (here the start values) and gives a zeroed y's sums.
      std::vector<float> from_zero(static_cast<size_t>(d), 0.0f), overwritten = start;
      for (int64_t t = 0; t < n; ++t) axpy_one(alpha[t], rows[t], from_zero.data());
      k->axpy_rows(overwritten.data(), d, n, rows.data(), alpha.data(), true);
      INFO(isa_name(k->isa) << ", n = " << n);
      CHECK(summed == expected);
      CHECK(overwritten == from_zero);
    }
  }
}

TEST_CASE("axpy_sum gathers its terms for the running variant's axpy_rows", "[kernels]") {
  const int64_t d = 21, n = 2 * kBlock + 3;
  std::vector<float> x = sine_rows(n, d, 0.3f), alpha = sine_rows(1, n, 0.17f);
  std::vector<const float*> rows;
  for (int64_t t = 0; t < n; ++t) rows.push_back(x.data() + t * d);
  std::vector<float> expected = sine_rows(1, d, 0.5f), summed = expected;
  kernels().axpy_rows(expected.data(), d, n, rows.data(), alpha.data(), false);
  axpy_sum(summed.data(), d, n, [&](int64_t t) { return std::pair(alpha[t], rows[t]); });
  CHECK(summed == expected);
}

TEST_CASE("logistic_losses gives softplus losses and sigma(x) - y", "[kernels]") {
  // More than kFactorsPerLog logits, so the loss is the sum of several logs of products;
  // large |x| too, where exp(-|x|) underflows.
  std::vector<float> logits, y;
  for (int64_t k = 0; k < 3 * kFactorsPerLog + 11; ++k) {
    logits.push_back(static_cast<float>(k % 41) - 20.0f + (k % 97 == 0 ? 150.0f : 0.0f));
    y.push_back(k % 3 == 0 ? 1.0f : 0.0f);
  }
  double expected = 0.0;
  std::vector<double> coefficients;
  for (size_t k = 0; k < logits.size(); ++k) {
    const double z = y[k] > 0 ? -double(logits[k]) : double(logits[k]);
    expected += std::max(z, 0.0) + std::log1p(std::exp(-std::fabs(z)));
    coefficients.push_back(1.0 / (1.0 + std::exp(-double(logits[k]))) - y[k]);
  }
  for (const KernelTable* k : runnable_kernels()) {
    std::vector<float> x = logits;
    const double loss = k->logistic_losses(x.data(), y.data(), static_cast<int64_t>(x.size()));
    INFO(isa_name(k->isa));
    CHECK(loss == Approx(expected).epsilon(1e-5));
    for (size_t j = 0; j < x.size(); ++j) {
      INFO("k = " << j);
      CHECK(x[j] == Approx(coefficients[j]).margin(1e-6));
    }
  }
}

// MXCSR's sticky flag for a denormal operand (x86's DE): set by any arithmetic on a subnormal.
bool denormal_operand_seen(auto&& run) {
  _mm_setcsr(_mm_getcsr() & ~0x3fu);
  run();
  return (_mm_getcsr() & 0x2u) != 0;
}

TEST_CASE("The exponential kernels compute with no subnormal on ordinary inputs", "[kernels]") {
  // An Intel core takes a microcode assist for every instruction with a subnormal operand, so a
  // kernel that makes one per vector (a clamped lane's result folded into a tiny constant that
  // every lane is multiplied by) runs an order of magnitude slower there, with the same results.
  const int64_t n = 1000;
  std::vector<float> x = sine_rows(1, n, 0.37f), g = sine_rows(1, n, 0.53f), y(n), gx(n);
  for (float& v : x) v *= 3.0f;  // activations in [-5.1, 5.1]
  std::vector<float> logits = sine_rows(1, n, 0.29f), labels(n);
  for (int64_t k = 0; k < n; ++k) labels[k] = k % 6 == 0 ? 1.0f : 0.0f;
  for (const KernelTable* k : runnable_kernels()) {
    INFO(isa_name(k->isa));
    CHECK_FALSE(denormal_operand_seen([&] { k->gelu(x.data(), y.data(), n); }));
    CHECK_FALSE(
        denormal_operand_seen([&] { k->gelu_backward(x.data(), g.data(), gx.data(), n, true); }));
    std::vector<float> scaled = logits;
    for (float& v : scaled) v *= 6.0f;  // logits in [-10, 10]
    CHECK_FALSE(
        denormal_operand_seen([&] { k->logistic_losses(scaled.data(), labels.data(), n); }));
    CHECK_FALSE(denormal_operand_seen([&] {
      for (int64_t t = 0; t < 64; ++t) k->causal_softmax_row(x.data(), y.data(), t, 64, 0.125f);
    }));
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
