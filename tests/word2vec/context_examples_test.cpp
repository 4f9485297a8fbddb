#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <vector>

#include "autograd/rng.h"
#include "word2vec/examples/context_examples.h"

using gv::ContextWindow;

TEST_CASE("context_window clips to the sentence", "[context_examples]") {
  const auto check = [](int64_t length, int64_t centre, int64_t radius, ContextWindow expected) {
    CAPTURE(length, centre, radius);
    const ContextWindow w = gv::context_window(length, centre, radius);
    CHECK(w.begin == expected.begin);
    CHECK(w.end == expected.end);
  };
  check(5, 2, 1, {1, 4});
  check(5, 0, 2, {0, 3});
  check(5, 4, 2, {2, 5});
  check(1, 0, 5, {0, 1});
  check(5, 3, std::numeric_limits<int64_t>::max(), {0, 5});  // no overflow
}

TEST_CASE("sample_context_window uses nearer words more, as word2vec's dynamic window does",
          "[context_examples]") {
  // The radius b is uniform on 1..5, so the context at distance d is used with probability
  // P(b >= d) = (5 - d + 1) / 5.
  const int64_t window = 5, length = 100, centre = 50, draws = 100000;
  gv::Rng rng(123);
  std::vector<int64_t> used_at_distance(window + 2, 0);
  for (int64_t i = 0; i < draws; ++i) {
    const ContextWindow w = gv::sample_context_window(length, centre, window, rng);
    const int64_t radius = centre - w.begin;
    REQUIRE(w.end - centre - 1 == radius);  // symmetric away from the edges
    REQUIRE(radius >= 1);
    REQUIRE(radius <= window);
    for (int64_t d = 1; d <= radius; ++d) ++used_at_distance[d];
  }
  for (int64_t d = 1; d <= window; ++d) {
    CAPTURE(d);
    const double p = static_cast<double>(window - d + 1) / window;
    const double sigma = std::sqrt(draws * p * (1.0 - p));
    CHECK(std::abs(static_cast<double>(used_at_distance[d]) - draws * p) <= 5.0 * sigma + 1e-9);
  }
  CHECK(used_at_distance[window + 1] == 0);
  // Near an edge the drawn window is clipped, never extended.
  for (int i = 0; i < 100; ++i) {
    const ContextWindow w = gv::sample_context_window(length, 1, window, rng);
    CHECK(w.begin == 0);
    CHECK(w.end >= 3);
    CHECK(w.end <= 7);
  }
}

TEST_CASE("Context windows reject bad windows and centres", "[context_examples][errors]") {
  gv::Rng rng(1);
  CHECK_THROWS_AS(gv::context_window(5, 2, 0), std::invalid_argument);
  CHECK_THROWS_WITH(gv::context_window(5, 2, 0), Catch::Contains("at least 1, got 0"));
  CHECK_THROWS_WITH(gv::sample_context_window(5, 2, -3, rng), Catch::Contains("got -3"));
  CHECK_THROWS_WITH(gv::context_window(5, 5, 2),
                    Catch::Contains("centre 5") && Catch::Contains("5 words"));
  CHECK_THROWS_WITH(gv::context_window(5, -1, 2), Catch::Contains("centre -1"));
}

TEST_CASE("ContextExamples: a centre and the words of its drawn window", "[context_examples]") {
  const std::vector<int64_t> sentence = {10, 11, 12, 13, 14, 15};
  gv::ContextExamples examples(2);
  gv::Rng rng(4), same(4);
  for (int64_t centre = 0; centre < 6; ++centre) {
    const ContextWindow w = gv::sample_context_window(6, centre, 2, same);
    std::vector<int64_t> expected;
    for (int64_t p = w.begin; p < w.end; ++p) {
      if (p != centre) expected.push_back(sentence[p]);
    }
    const gv::Example example = examples.at(sentence, centre, rng);
    CHECK(example.centre == sentence[centre]);
    CHECK(std::vector<int64_t>(example.contexts.begin(), example.contexts.end()) == expected);
  }
  CHECK(examples.at(std::vector<int64_t>{7}, 0, rng).contexts.empty());
  CHECK_THROWS_WITH(gv::ContextExamples(0), Catch::Contains("got 0"));
}

TEST_CASE("ContextExamples sizes its buffer by the sentence, not by a huge window",
          "[context_examples][bounds]") {
  // A buffer of 2 * window would take 16 GB for a window of 10^9, and overflow for 2^62.
  gv::ContextExamples examples(std::numeric_limits<int64_t>::max());
  gv::Rng rng(1);
  // Longer than any corpus sentence, so the buffer must grow to every other word.
  std::vector<int64_t> sentence(3000);
  for (size_t i = 0; i < sentence.size(); ++i) sentence[i] = static_cast<int64_t>(i);
  for (const int64_t centre : {0, 1500, 2999}) {
    const gv::Example example = examples.at(sentence, centre, rng);
    // A radius below 3000 out of 2^63 - 1 is a one-in-10^15 draw: every word is a context.
    REQUIRE(example.contexts.size() == 2999);
    CHECK(example.contexts.front() == (centre == 0 ? 1 : 0));
    CHECK(example.contexts.back() == (centre == 2999 ? 2998 : 2999));
  }
}
