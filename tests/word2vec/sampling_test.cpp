#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "autograd/rng.h"
#include "io/count_limit.h"
#include "word2vec/examples/subsampler.h"
#include "word2vec/losses/sgns/negative_sampler.h"

using gv::NegativeSampler;
using gv::Rng;
using gv::Subsampler;

namespace {

// The upper z-sigma quantile of the chi-square distribution with k degrees of freedom, by the
// Wilson-Hilferty approximation (within 3% of the exact value for k >= 4 at z = 4.753, and
// above it, i.e. slightly more lenient).
double chi_square_critical(double k, double z) {
  const double a = 2.0 / (9.0 * k);
  return k * std::pow(1.0 - a + z * std::sqrt(a), 3.0);
}

// z = 4.753 is the one-sided 1e-6 tail of the standard normal: a correct sampler fails these
// checks for about one seed in a million, while the biases they are meant to catch (a wrong
// power, an off-by-one column, a lost alias) give statistics hundreds of times larger.
constexpr double kZ = 4.753;

// Pearson's chi-square statistic of `observed` draws against probabilities `expected`.
double chi_square(const std::vector<int64_t>& observed, const std::vector<double>& expected,
                  int64_t draws) {
  double statistic = 0.0;
  for (size_t i = 0; i < observed.size(); ++i) {
    const double mean = expected[i] * static_cast<double>(draws);
    const double diff = static_cast<double>(observed[i]) - mean;
    statistic += diff * diff / mean;
  }
  return statistic;
}

// count^power / sum(count^power), computed independently of the sampler.
std::vector<double> powered_distribution(const std::vector<int64_t>& counts, double power) {
  std::vector<double> p;
  double total = 0.0;
  for (const int64_t c : counts) {
    p.push_back(std::pow(static_cast<double>(c), power));
    total += p.back();
  }
  for (double& x : p) x /= total;
  return p;
}

std::vector<int64_t> histogram(const NegativeSampler& sampler, int64_t draws, uint64_t seed) {
  Rng rng(seed);
  std::vector<int64_t> observed(static_cast<size_t>(sampler.size()), 0);
  for (int64_t i = 0; i < draws; ++i) ++observed[static_cast<size_t>(sampler.sample(rng))];
  return observed;
}

}  // namespace

TEST_CASE("Subsampler keeps words with word2vec's probability", "[subsampler]") {
  // N = 1111 and t = 1e-3, so tN = 1.111; p = (sqrt(f / 1.111) + 1) * 1.111 / f:
  //   f = 1000: (sqrt(900.09) + 1) * 0.001111 = 31.0015 * 0.001111 = 0.0344427
  //   f = 100:  (sqrt(90.009) + 1) * 0.01111  = 10.48731 * 0.01111 = 0.1165140
  //   f = 10:   (sqrt(9.0009) + 1) * 0.1111   = 4.00015 * 0.1111   = 0.4444167
  //   f = 1:    (sqrt(0.90009) + 1) * 1.111   = 2.165 -> clipped to 1
  const std::vector<int64_t> counts = {1000, 100, 10, 1};
  const Subsampler sampler(counts, 1e-3);
  CHECK(sampler.keep_probability(0) == Approx(0.0344427).epsilon(1e-5));
  CHECK(sampler.keep_probability(1) == Approx(0.1165140).epsilon(1e-5));
  CHECK(sampler.keep_probability(2) == Approx(0.4444167).epsilon(1e-5));
  CHECK(sampler.keep_probability(3) == 1.0);

  // The empirical keep rate of the most frequent word matches p within 5 sigma.
  Rng rng(7);
  const int64_t draws = 200000;
  int64_t kept = 0;
  for (int64_t i = 0; i < draws; ++i) kept += sampler.keep(0, rng) ? 1 : 0;
  const double p = sampler.keep_probability(0);
  const double sigma = std::sqrt(draws * p * (1.0 - p));
  CHECK(std::abs(static_cast<double>(kept) - draws * p) < 5.0 * sigma);
}

TEST_CASE("Subsampler with threshold 0 keeps everything and draws nothing", "[subsampler]") {
  const Subsampler sampler(std::vector<int64_t>{1000000, 1}, 0.0);
  CHECK(sampler.keep_probability(0) == 1.0);
  Rng rng(3);
  std::vector<int64_t> ids = {0, 1, 0, 0};
  sampler.filter(ids, rng);
  CHECK(ids == std::vector<int64_t>{0, 1, 0, 0});
  CHECK(rng.next_u64() == Rng(3).next_u64());  // the generator was not advanced
}

TEST_CASE("Subsampler::filter drops frequent words and keeps the order of the rest",
          "[subsampler]") {
  // Word 0 is nearly the whole corpus (p ~ 0.0032), word 1 is rare (p = 1).
  const Subsampler sampler(std::vector<int64_t>{1000000, 10}, 1e-5);
  CHECK(sampler.keep_probability(1) == 1.0);
  Rng rng(11);
  std::vector<int64_t> ids;
  for (int i = 0; i < 1000; ++i) ids.push_back(i % 10 == 0 ? 1 : 0);
  sampler.filter(ids, rng);
  int64_t rare = 0;
  for (const int64_t id : ids) rare += id;
  CHECK(rare == 100);            // every rare word survives
  CHECK(ids.size() < 100 + 20);  // ~3 of the 900 frequent ones do (mean 2.9, sd 1.7)
}

TEST_CASE("Subsampler rejects bad thresholds and counts", "[subsampler][errors]") {
  const std::vector<int64_t> counts = {5, 1};
  CHECK_THROWS_WITH(Subsampler(counts, -1e-3), Catch::Contains("threshold"));
  CHECK_THROWS_WITH(Subsampler(counts, std::numeric_limits<double>::quiet_NaN()),
                    Catch::Contains("threshold"));
  CHECK_THROWS_WITH(Subsampler(std::vector<int64_t>{5, 0}, 1e-3),
                    Catch::Contains("id 1") && Catch::Contains("got 0"));
}

TEST_CASE("NegativeSampler draws from the unigram distribution to the 3/4", "[negative_sampler]") {
  const std::vector<int64_t> counts = {1000, 300, 100, 30, 10, 3, 1, 1};
  const NegativeSampler sampler(counts);
  CHECK(sampler.size() == 8);
  const int64_t draws = 1000000;
  const std::vector<int64_t> observed = histogram(sampler, draws, 2024);
  const std::vector<double> expected = powered_distribution(counts, 0.75);
  for (size_t i = 0; i < counts.size(); ++i) {
    CAPTURE(i);
    const double mean = expected[i] * draws;
    CHECK(std::abs(static_cast<double>(observed[i]) - mean) <
          kZ * std::sqrt(mean * (1.0 - expected[i])));
  }
  const double critical = chi_square_critical(7, kZ);
  CHECK(chi_square(observed, expected, draws) < critical);
  // The same draws are far from the plain unigram distribution: the check has teeth.
  CHECK(chi_square(observed, powered_distribution(counts, 1.0), draws) > 100 * critical);
}

TEST_CASE("NegativeSampler follows other powers and a large Zipf vocabulary",
          "[negative_sampler]") {
  const std::vector<int64_t> small = {50, 20, 20, 9, 1};
  for (const double power : {0.0, 1.0}) {
    CAPTURE(power);
    const int64_t draws = 500000;
    const std::vector<int64_t> observed = histogram(NegativeSampler(small, power), draws, 5);
    CHECK(chi_square(observed, powered_distribution(small, power), draws) <
          chi_square_critical(4, kZ));
  }
  // 5,000 words with Zipf counts 100000 / rank: the rarest still gets ~50 expected draws.
  std::vector<int64_t> zipf;
  for (int64_t rank = 1; rank <= 5000; ++rank) zipf.push_back(100000 / rank);
  const int64_t draws = 1000000;
  const std::vector<int64_t> observed = histogram(NegativeSampler(zipf), draws, 99);
  CHECK(chi_square(observed, powered_distribution(zipf, 0.75), draws) <
        chi_square_critical(4999, kZ));
}

TEST_CASE("NegativeSampler batch draws equal one-by-one draws", "[negative_sampler]") {
  const NegativeSampler sampler(std::vector<int64_t>{5, 4, 3, 2, 1});
  Rng batch_rng(17), single_rng(17);
  std::vector<int64_t> batch(64);
  sampler.sample(batch_rng, batch);
  for (const int64_t id : batch) CHECK(id == sampler.sample(single_rng));
  // A single word is always drawn.
  const NegativeSampler one(std::vector<int64_t>{42});
  for (int i = 0; i < 100; ++i) CHECK(one.sample(batch_rng) == 0);
}

TEST_CASE("NegativeSampler's table gives each word its share of the noise, read back",
          "[negative_sampler]") {
  const std::vector<int64_t> counts = {9, 7, 5, 4, 3, 2, 1};
  const NegativeSampler sampler(counts);
  const std::vector<double> expected = powered_distribution(counts, 0.75);
  for (size_t id = 0; id < counts.size(); ++id)
    CHECK(sampler.probability(static_cast<int64_t>(id)) == Approx(expected[id]).epsilon(1e-8));
}

TEST_CASE("Every word can be drawn while the counts add up to at most 2^44 tokens",
          "[negative_sampler]") {
  // count_limit.h's bound: two words are the worst case for a word of count 1, and it still
  // keeps a step of the alias table's 2^32.
  const NegativeSampler two(std::vector<int64_t>{gv::kMaxTotalCount - 1, 1});
  CHECK(two.probability(1) > 0.0);
  const NegativeSampler three(std::vector<int64_t>{gv::kMaxTotalCount - 2, 1, 1});
  CHECK(three.probability(1) > 0.0);
  CHECK(three.probability(2) > 0.0);
  // A count of 2^62, as a crafted file held, leaves the others none: what the bound refuses.
  const NegativeSampler crafted(std::vector<int64_t>{int64_t{1} << 62, 1});
  CHECK(crafted.probability(1) == 0.0);
}

TEST_CASE("sample_other_than redraws as the loop it replaces, and ends where the loop would not",
          "[negative_sampler]") {
  // An ordinary vocabulary: draw for draw what redrawing until another word comes gives.
  const NegativeSampler sampler(std::vector<int64_t>{5, 4, 3, 2, 1});
  Rng bounded(21), loop(21);
  for (int i = 0; i < 2000; ++i) {
    const int64_t excluded = i % 5;
    int64_t expected = 0;
    do expected = sampler.sample(loop);
    while (expected == excluded);
    CHECK(sampler.sample_other_than(excluded, bounded) == expected);
  }
  // Word 0 holds every column: after kMaxDraws draws of it, the others uniformly.
  const NegativeSampler crafted(std::vector<int64_t>{int64_t{1} << 62, 1, 1});
  Rng rng(3);
  std::vector<int64_t> seen(3, 0);
  for (int i = 0; i < 1000; ++i) ++seen[static_cast<size_t>(crafted.sample_other_than(0, rng))];
  CHECK(seen[0] == 0);
  CHECK(seen[1] > 400);  // 500 expected, 16 the standard deviation
  CHECK(seen[2] > 400);
  CHECK(crafted.sample_other_than(1, rng) == 0);  // drawn at once
  // One word has no other.
  const NegativeSampler one(std::vector<int64_t>{42});
  CHECK_THROWS_AS(one.sample_other_than(0, rng), std::logic_error);
}

TEST_CASE("NegativeSampler rejects bad counts and powers", "[negative_sampler][errors]") {
  CHECK_THROWS_WITH(NegativeSampler(std::vector<int64_t>{}), Catch::Contains("no words"));
  CHECK_THROWS_WITH(NegativeSampler(std::vector<int64_t>{3, -2}),
                    Catch::Contains("id 1") && Catch::Contains("got -2"));
  CHECK_THROWS_WITH(NegativeSampler(std::vector<int64_t>{3}, -0.5), Catch::Contains("power"));
  CHECK_THROWS_WITH(
      NegativeSampler(std::vector<int64_t>{3}, std::numeric_limits<double>::infinity()),
      Catch::Contains("power"));
}
