// The variants of the hot kernels (simd/kernel_table.h): every one this CPU runs agrees with the
// baseline variant within float tolerance, repeats its own results bit for bit, and the one the
// process runs is the one active_isa() names.
#include <catch2/catch.hpp>

#include <array>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "autograd/simd/isa.h"
#include "autograd/simd/kernel_table.h"
#include "tests/autograd/isa_support.h"

namespace gv {

namespace {

// |x - y| <= 1e-5 (|y| + 1): float rounding in another order or with fused multiply-adds, a
// few ulps for sums of a hundred terms, and never a different answer.
void check_close(const std::vector<float>& x, const std::vector<float>& y,
                 const std::string& what) {
  REQUIRE(x.size() == y.size());
  for (size_t i = 0; i < x.size(); ++i) {
    INFO(what << ", element " << i << ": " << x[i] << " against baseline's " << y[i]);
    CHECK(std::fabs(x[i] - y[i]) <= 1e-5f * (std::fabs(y[i]) + 1.0f));
  }
}

const KernelTable& baseline_kernels() {
  return *kernels_for(Isa::baseline);
}

// run(kernels), a vector of results, for every variant this CPU runs: close to baseline's
// (check_close), and bit for bit the same when run again.
template <class Run>
void check_variants_agree(Run run, const std::string& what) {
  const std::vector<float> expected = run(baseline_kernels());
  for (const KernelTable* k : runnable_kernels()) {
    const std::vector<float> first = run(*k);
    check_close(first, expected, std::string(isa_name(k->isa)) + " " + what);
    CHECK(run(*k) == first);  // bit for bit, run again
  }
}

}  // namespace

TEST_CASE("Variants are named, parsed back, and baseline always runs", "[isa]") {
  for (const Isa isa : {Isa::baseline, Isa::avx2, Isa::avx512}) {
    CHECK(parse_isa(isa_name(isa)) == isa);
  }
  CHECK_FALSE(parse_isa("sse9").has_value());
  REQUIRE(isa_available(Isa::baseline));
  CHECK(available_isas().front() == Isa::baseline);
  for (const Isa isa : {Isa::baseline, Isa::avx2, Isa::avx512}) {
    INFO(isa_name(isa));
    CHECK((kernels_for(isa) != nullptr) == isa_available(isa));
    if (kernels_for(isa)) CHECK(kernels_for(isa)->isa == isa);
  }
  // The running variant is the one chosen (GRADVEC_ISA, or the widest: CI runs the suites once
  // per variant), and one this CPU runs.
  CHECK(&kernels() == kernels_for(active_isa()));
  if (const char* forced = std::getenv("GRADVEC_ISA"); forced && *forced) {
    CHECK(isa_name(active_isa()) == forced);
  } else {
    CHECK(active_isa() == available_isas().back());
  }
}

TEST_CASE("Every variant's dot kernels agree with baseline's", "[isa]") {
  // A block of rows, and one row (CBOW's mean) against more columns than any variant's tiles.
  struct Shape {
    int64_t rows, cols;
  };
  for (const Shape shape : {Shape{7, 6}, Shape{1, 19}}) {
    const int64_t d = 100, rows = shape.rows, cols = shape.cols;
    std::vector<float> a = sine_rows(rows, d, 0.31f), b = sine_rows(cols, d, 0.77f);
    std::vector<const float*> a_rows, b_rows;
    for (int64_t i = 0; i < rows; ++i) a_rows.push_back(a.data() + i * d);
    for (int64_t j = 0; j < cols; ++j) b_rows.push_back(b.data() + j * d);
    const std::vector<float> c = sine_rows(rows, cols, 1.9f);
    const auto run = [&](const KernelTable& k) {
      std::vector<float> out(static_cast<size_t>(rows * cols));
      k.dot_rows(d, rows, cols, a_rows.data(), b_rows.data(), out.data(), cols);
      std::vector<float> ga = sine_rows(rows, d, 2.1f), gb = sine_rows(cols, d, 2.9f);
      std::vector<GradRow> ga_rows, gb_rows;
      for (int64_t i = 0; i < rows; ++i) ga_rows.push_back({ga.data() + i * d, i == 2});
      for (int64_t j = 0; j < cols; ++j) gb_rows.push_back({gb.data() + j * d, j == 0});
      k.dot_block_grads(d, rows, cols, c.data(), cols, -0.5f, a_rows.data(), b_rows.data(),
                        ga_rows.data(), gb_rows.data());
      out.insert(out.end(), ga.begin(), ga.end());
      out.insert(out.end(), gb.begin(), gb.end());
      return out;
    };
    check_variants_agree(
        run, "dots and gradients, " + std::to_string(rows) + " x " + std::to_string(cols));
  }
}

TEST_CASE("Every variant's element loops agree with baseline's", "[isa]") {
  const int64_t n = 203;  // odd: every variant's vector loop and its remainder
  const std::vector<float> grad = sine_rows(1, n, 0.43f), start = sine_rows(1, n, 1.1f);
  const std::vector<float> labels = [&] {
    std::vector<float> y(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) y[i] = i % 4 == 0 ? 1.0f : 0.0f;
    return y;
  }();
  const auto run = [&](const KernelTable& k) {
    std::vector<float> out;
    std::vector<float> x = start;  // logits scaled to [-8.5, 8.5]
    for (float& v : x) v *= 5.0f;
    const double loss = k.logistic_losses(x.data(), labels.data(), n);
    out.push_back(static_cast<float>(loss / n));
    out.insert(out.end(), x.begin(), x.end());
    std::vector<float> softmax(static_cast<size_t>(n)), dx(static_cast<size_t>(n), 0.0f);
    k.causal_softmax_row(start.data(), softmax.data(), n - 3, n, 0.7f);
    k.softmax_row_backward(softmax.data(), grad.data(), dx.data(), n - 3, 0.7f);
    out.insert(out.end(), softmax.begin(), softmax.end());
    out.insert(out.end(), dx.begin(), dx.end());
    std::vector<float> gelu(static_cast<size_t>(n)), gelu_grad = grad;
    k.gelu(start.data(), gelu.data(), n);
    std::vector<float> gelu_grad_set(static_cast<size_t>(n), std::nanf(""));
    k.gelu_backward(start.data(), grad.data(), gelu_grad.data(), n, true);
    k.gelu_backward(start.data(), grad.data(), gelu_grad_set.data(), n, false);
    out.insert(out.end(), gelu.begin(), gelu.end());
    out.insert(out.end(), gelu_grad.begin(), gelu_grad.end());
    out.insert(out.end(), gelu_grad_set.begin(), gelu_grad_set.end());
    std::vector<float> sgd = start, adagrad = start, sum_sq(static_cast<size_t>(n), 0.5f);
    std::vector<float> adam = start, m(static_cast<size_t>(n), 0.1f),
                       v(static_cast<size_t>(n), 0.2f);
    k.sgd_update(sgd.data(), grad.data(), n, 0.025f);
    k.adagrad_update(adagrad.data(), sum_sq.data(), grad.data(), n, 0.1f, 1e-8f);
    k.adam_update(adam.data(), m.data(), v.data(), grad.data(), n, 0.9f, 0.999f, 0.01f, 1e-8f);
    for (const auto* part : {&sgd, &adagrad, &sum_sq, &adam, &m, &v}) {
      out.insert(out.end(), part->begin(), part->end());
    }
    return out;
  };
  check_variants_agree(run, "element loops");
}

TEST_CASE("Every variant's gemm agrees with baseline's, for every tile and edge", "[isa]") {
  // Sizes around every variant's tiles (6 or 8 rows, 8 to 32 columns), with a read by rows and
  // a read by columns (a transposed operand, as in dW = x^T dy).
  for (const std::array<int64_t, 3>& size : std::vector<std::array<int64_t, 3>>{
           {1, 1, 1}, {7, 5, 9}, {13, 64, 40}, {97, 16, 33}, {8, 3, 48}}) {
    const int64_t m = size[0], k = size[1], n = size[2];  // names a lambda may capture
    const std::vector<float> a = sine_rows(m, k, 0.21f), a_t = sine_rows(k, m, 0.33f);
    const std::vector<float> b = sine_rows(k, n, 0.57f);
    const auto run = [&](const KernelTable& t) {
      std::vector<float> c = sine_rows(m, n, 0.9f), c_t = c;
      std::vector<float> c_set = c;
      t.gemm({a.data(), k, 1}, b.data(), n, c.data(), n, m, k, n, true);
      t.gemm({a_t.data(), 1, m}, b.data(), n, c_t.data(), n, m, k, n, true);
      t.gemm({a.data(), k, 1}, b.data(), n, c_set.data(), n, m, k, n, false);
      c.insert(c.end(), c_t.begin(), c_t.end());
      c.insert(c.end(), c_set.begin(), c_set.end());
      return c;
    };
    check_variants_agree(
        run, "gemm " + std::to_string(m) + "x" + std::to_string(k) + "x" + std::to_string(n));
  }
}

TEST_CASE("Write mode stores what add mode adds to zeros, and never reads its output", "[isa]") {
  // The outputs start as NaN: a write that read them would leave NaN behind.
  const int64_t m = 13, k = 64, n = 40;  // full tiles, a half panel and edge columns
  const std::vector<float> a = sine_rows(m, k, 0.21f), b = sine_rows(k, n, 0.57f);
  const std::vector<float> x = sine_rows(1, n, 0.8f), g = sine_rows(1, n, 1.7f);
  for (const KernelTable* t : runnable_kernels()) {
    INFO(isa_name(t->isa));
    std::vector<float> added(static_cast<size_t>(m * n), 0.0f);
    std::vector<float> written(static_cast<size_t>(m * n), std::nanf(""));
    t->gemm({a.data(), k, 1}, b.data(), n, added.data(), n, m, k, n, true);
    t->gemm({a.data(), k, 1}, b.data(), n, written.data(), n, m, k, n, false);
    CHECK(written == added);
    std::vector<float> gelu_added(static_cast<size_t>(n), 0.0f);
    std::vector<float> gelu_written(static_cast<size_t>(n), std::nanf(""));
    t->gelu_backward(x.data(), g.data(), gelu_added.data(), n, true);
    t->gelu_backward(x.data(), g.data(), gelu_written.data(), n, false);
    CHECK(gelu_written == gelu_added);
  }
}

}  // namespace gv
