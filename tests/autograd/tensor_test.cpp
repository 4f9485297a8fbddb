#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>

#include "autograd/rng.h"
#include "autograd/tensor.h"

using gv::Tensor;

TEST_CASE("Tensor constructors fill and shape as asked", "[tensor]") {
  const Tensor z = Tensor::zeros({2, 3});
  CHECK(z.numel() == 6);
  CHECK(z.ndim() == 2);
  CHECK(z.size(-1) == 3);
  for (int64_t i = 0; i < z.numel(); ++i) CHECK(z[i] == 0.0f);
  const Tensor f = Tensor::full({2, 2, 2}, 1.5f);
  CHECK(f.at({1, 1, 1}) == 1.5f);
  const Tensor v = Tensor::from({2, 3}, {1, 2, 3, 4, 5, 6});
  CHECK(v.at({1, 0}) == 4.0f);  // row-major: row 1 starts at flat index 3
  CHECK(Tensor::scalar(7.0f).item() == 7.0f);
}

TEST_CASE("Tensor copies are deep, aliases share storage", "[tensor]") {
  Tensor a = Tensor::from({2}, {1, 2});
  Tensor copy = a;
  Tensor alias = a.alias();
  a[0] = 10.0f;
  CHECK(copy[0] == 1.0f);
  CHECK(alias[0] == 10.0f);
  const Tensor r = a.reshaped({1, 2});
  CHECK(r.at({0, 0}) == 10.0f);
}

TEST_CASE("Tensor errors name the shapes and indices", "[tensor][errors]") {
  Tensor a = Tensor::zeros({2, 3});
  CHECK_THROWS_WITH(a.at({2, 0}), Catch::Contains("index 2") && Catch::Contains("(2, 3)"));
  CHECK_THROWS_WITH(Tensor::from({2, 2}, {1, 2, 3}), Catch::Contains("(2, 2)"));
  CHECK_THROWS_WITH(a.reshaped({4, 2}), Catch::Contains("(2, 3)") && Catch::Contains("(4, 2)"));
  CHECK_THROWS_WITH(a.check_shape({3, 2}, "weight"),
                    Catch::Contains("weight") && Catch::Contains("(3, 2)"));
  CHECK_THROWS_WITH(a.item(), Catch::Contains("(2, 3)"));
}

TEST_CASE("Shapes whose element count overflows are refused before anything is allocated",
          "[tensor][errors]") {
  using Catch::Contains;
  // 4611686018427387905 x 4 wraps around to 4 in 64 bits: `gradvec pe --len` of this once
  // allocated a 4-float table and wrote past it.
  const gv::Shape wraps = {4611686018427387905, 4};
  CHECK_THROWS_AS(gv::shape_numel(wraps), std::length_error);
  CHECK_THROWS_WITH(gv::shape_numel(wraps), Contains("(4611686018427387905, 4)") &&
                                                Contains("more elements than a tensor can hold"));
  CHECK_THROWS_AS(Tensor(wraps), std::length_error);
  CHECK_THROWS_AS(Tensor::uninitialized(wraps), std::length_error);
  CHECK_THROWS_AS(Tensor::full(wraps, 1.0f), std::length_error);
  // The bound is the byte size: kMaxNumel floats still have a byte count that fits.
  CHECK(gv::shape_numel({gv::kMaxNumel}) == gv::kMaxNumel);
  CHECK(gv::shape_numel({gv::kMaxNumel, 1}) == gv::kMaxNumel);
  CHECK_THROWS_AS(gv::shape_numel({gv::kMaxNumel, 2}), std::length_error);
  CHECK_THROWS_AS(gv::shape_numel({gv::kMaxNumel + 1}), std::length_error);
  // No elements, but rows of 2^80: every partial product of a shape must fit too.
  CHECK_THROWS_AS(Tensor({0, int64_t{1} << 40, int64_t{1} << 40}), std::length_error);
  CHECK(Tensor({0, int64_t{1} << 40}).numel() == 0);
  CHECK_THROWS_AS(gv::shape_numel({int64_t{1} << 62, -1}), std::invalid_argument);
  const Tensor t = Tensor::zeros({2, 3});
  CHECK(t.nbytes() == 24);
  CHECK_THROWS_AS(t.reshaped({4611686018427387905, 4}), std::length_error);
}

TEST_CASE("Seeded random tensors are reproducible and have the asked moments", "[tensor][rng]") {
  gv::Rng rng1(42), rng2(42);
  const Tensor u1 = Tensor::uniform({10000}, -0.5f, 0.5f, rng1);
  const Tensor u2 = Tensor::uniform({10000}, -0.5f, 0.5f, rng2);
  double sum = 0, sum_sq = 0;
  for (int64_t i = 0; i < u1.numel(); ++i) {
    CHECK(u1[i] == u2[i]);
    CHECK(u1[i] >= -0.5f);
    CHECK(u1[i] < 0.5f);
    sum += u1[i];
    sum_sq += u1[i] * u1[i];
  }
  // U(-1/2, 1/2): mean 0, variance 1/12; 10,000 draws put 4-sigma bounds near 0.012 / 0.003.
  CHECK(sum / 1e4 == Approx(0.0).margin(0.012));
  CHECK(sum_sq / 1e4 == Approx(1.0 / 12).margin(0.003));
  gv::Rng rng3(7);
  const Tensor n = Tensor::normal({20000}, 2.0f, 3.0f, rng3);
  double m = 0, s = 0;
  for (int64_t i = 0; i < n.numel(); ++i) m += n[i];
  m /= n.numel();
  for (int64_t i = 0; i < n.numel(); ++i) s += (n[i] - m) * (n[i] - m);
  CHECK(m == Approx(2.0).margin(0.09));  // 4 sigma of the mean: 4*3/sqrt(2e4)
  CHECK(std::sqrt(s / n.numel()) == Approx(3.0).margin(0.07));  // ~4 sigma of the std estimate
}

TEST_CASE("Tensor storage starts on a 64-byte cache line", "[tensor]") {
  for (const int64_t n : {1, 3, 16, 100, 1000, 123457}) {
    INFO(n << " floats");
    const gv::Tensor zeros({n});
    const gv::Tensor raw = gv::Tensor::uninitialized({n});
    const gv::Tensor copy = zeros;  // NOLINT(performance-unnecessary-copy-initialization)
    for (const gv::Tensor* t : {&zeros, &raw, &copy})
      CHECK(reinterpret_cast<std::uintptr_t>(t->data()) % 64 == 0);
  }
}
