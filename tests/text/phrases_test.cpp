#include <catch2/catch.hpp>

#include <atomic>
#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "io/input_pass_stop.h"
#include "tests/scratch_dir.h"
#include "text/corpus/corpus_reader.h"
#include "text/phrases.h"

using gv::BigramCounts;
using gv::PhraseCounts;
using gv::PhraseOptions;
using gv::Phrases;
using gv::testing::ScratchDir;

namespace {

// Every expectation on this corpus was worked out by hand below, and gensim 4.2's
// Phrases(sentences, min_count, threshold) gives the same phrases and the same sentences.
//
//   words:   a 3, b 4, c 4                    3 distinct
//   bigrams: (a, b) 3, (b, c) 4               2 distinct       N = 3 + 2 = 5
//   score(a, b) = (3 - min_count) / (3 * 4) * 5:  min_count 1: 2/12 * 5 = 0.8333...
//   score(b, c) = (4 - min_count) / (4 * 4) * 5:  min_count 1: 3/16 * 5 = 0.9375 (exact in
//                                                 binary), min_count 3: 1/16 * 5 = 0.3125
constexpr std::string_view kCorpus = "A b c\na b c.\na, b c\nb c\n";

PhraseOptions options(int64_t min_count, double threshold) {
  PhraseOptions o;
  o.min_count = min_count;
  o.threshold = threshold;
  return o;
}

// The corpus at `path` rewritten with the phrases counted in it at these settings.
std::string rewritten(const std::string& path, const PhraseOptions& o) {
  std::ostringstream out;
  Phrases(gv::count_phrases(path), o).rewrite(path, out);
  return out.str();
}

}  // namespace

TEST_CASE("phrase scores are gensim's original_scorer, with N = distinct words + bigrams",
          "[phrases]") {
  const ScratchDir dir("phrases_scores");
  const PhraseCounts counts = gv::count_phrases(dir.write("c.txt", kCorpus));
  CHECK(counts.words.size() == 3);
  CHECK(counts.words.total_count() == 11);
  CHECK(counts.bigrams.size() == 2);
  CHECK(counts.n() == 5);
  CHECK(counts.score("a", "b", 1) == Approx(2.0 / 12.0 * 5.0));
  CHECK(counts.score("b", "c", 1) == 0.9375);
  CHECK(counts.score("b", "c", 3) == 0.3125);
  CHECK(counts.score("b", "c", 4) == 0.0);  // a count equal to min_count scores nothing
  // Pairs across a line end ("c a") or never adjacent ("a c"), and unknown words, never score.
  CHECK(counts.score("c", "a", 1) == -INFINITY);
  CHECK(counts.score("a", "c", 1) == -INFINITY);
  CHECK(counts.score("a", "zzz", 1) == -INFINITY);
}

TEST_CASE("phrase_score divides, then multiplies by N, and rounds the product of counts once",
          "[phrases]") {
  CHECK(gv::phrase_score(3, 4, 3, 1, 5) == 2.0 / 12.0 * 5.0);
  CHECK(gv::phrase_score(0, 4, 3, 1, 5) == -INFINITY);
  // count(a) * count(b) = 9e18 overflows int64 but not the score: 1e9 / 9e18 * 1e9 = 1/9.
  CHECK(gv::phrase_score(3'000'000'000, 3'000'000'000, 1'000'000'005, 5, 1'000'000'000) ==
        Approx(1.0 / 9.0));
}

TEST_CASE("a phrase scores strictly above the threshold and occurs more than min_count times",
          "[phrases]") {
  const ScratchDir dir("phrases_edges");
  const std::string path = dir.write("c.txt", kCorpus);
  const PhraseCounts counts = gv::count_phrases(path);
  // score(b, c) is exactly 0.9375 at min_count 1: at that threshold it is not a phrase.
  const Phrases at_threshold(counts, options(1, 0.9375));
  CHECK(at_threshold.size() == 0);
  const Phrases just_below(counts, options(1, 0.9374));
  CHECK(just_below.size() == 1);
  CHECK(just_below.contains("b", "c"));
  CHECK_FALSE(just_below.contains("a", "b"));  // 0.8333...
  // min_count 4 = count(b c): the score is 0, no phrase at any positive threshold.
  CHECK(Phrases(counts, options(4, 1e-9)).size() == 0);
  // min_count 3: b c (4 times) scores 0.3125, a b (3 times) 0.
  const Phrases min_count_3(counts, options(3, 0.3));
  CHECK(min_count_3.contains("b", "c"));
  CHECK_FALSE(min_count_3.contains("a", "b"));
  // Listed with their counts and scores, the highest first.
  CHECK(Phrases(counts, options(1, 0.5)).list() ==
        std::vector<gv::Phrase>{{"b", "c", 4, 0.9375}, {"a", "b", 3, 2.0 / 12.0 * 5.0}});
  // gensim's own checks on the settings.
  CHECK_THROWS_AS(Phrases(counts, options(0, 10)), std::invalid_argument);
  CHECK_THROWS_AS(Phrases(counts, options(5, 0)), std::invalid_argument);
}

TEST_CASE("phrases are joined greedily from the left, one sentence per line", "[phrases]") {
  const ScratchDir dir("phrases_greedy");
  const std::string path = dir.write("c.txt", kCorpus);
  // Both a b (0.8333) and b c (0.9375) are phrases: in "a b c" the left one wins although
  // b c scores higher, and its b is not joined again.
  CHECK(rewritten(path, options(1, 0.5)) == "a_b c\na_b c\na_b c\nb_c\n");
  // With only b c a phrase, it is joined wherever it occurs.
  CHECK(rewritten(path, options(1, 0.9)) == "a b_c\na b_c\na b_c\nb_c\n");
  CHECK(rewritten(path, options(1, 100)) == "a b c\na b c\na b c\nb c\n");
}

TEST_CASE("phrases over phrases: a second pass joins trigrams", "[phrases]") {
  const ScratchDir dir("phrases_trigrams");
  const std::string first =
      dir.write("first.txt", rewritten(dir.write("c.txt", kCorpus), options(1, 0.5)));
  // Second pass, by hand: words a_b 3, c 3, b_c 1; bigram (a_b, c) 3; N = 3 + 1 = 4;
  // score(a_b, c) = (3 - 1) / (3 * 3) * 4 = 0.888... > 0.5. The tokenizer keeps a_b whole.
  const PhraseCounts counts = gv::count_phrases(first);
  CHECK(counts.n() == 4);
  CHECK(counts.score("a_b", "c", 1) == Approx(8.0 / 9.0));
  CHECK(rewritten(first, options(1, 0.5)) == "a_b_c\na_b_c\na_b_c\nb_c\n");
}

TEST_CASE("phrases keep the case when the tokenizer does", "[phrases]") {
  const ScratchDir dir("phrases_case");
  const std::string path = dir.write("c.txt", "New York\nNew York\nnew york\n");
  gv::TokenizerOptions keep_case;
  keep_case.lowercase = false;
  std::ostringstream out;
  // Kept: New 2, York 2, new 1, york 1; (New, York) 2, (new, york) 1; N = 6;
  // score(New, York) = (2 - 1) / (2 * 2) * 6 = 1.5, score(new, york) = 0 / 1 * 6 = 0.
  Phrases(gv::count_phrases(path, keep_case), options(1, 0.5)).rewrite(path, out);
  CHECK(out.str() == "New_York\nNew_York\nnew york\n");
  // Lowercased: new 3, york 3, (new, york) 3; N = 3; score = (3 - 1) / (3 * 3) * 3 = 0.666...
  CHECK(rewritten(path, options(1, 0.5)) == "new_york\nnew_york\nnew_york\n");
}

TEST_CASE("phrase counts do not depend on the number of threads", "[phrases]") {
  const ScratchDir dir("phrases_threads");
  // Many short lines (slices cut at line starts), and one line of 1.6 MB (no line start near
  // a cut: slices there would split sentences, so it is counted by one reader).
  std::string lines, long_line;
  for (int i = 0; i < 20000; ++i) {
    lines.append("w").append(std::to_string(i % 37)).append(" w");
    lines.append(std::to_string(i % 11)).append(" the end\n");
  }
  for (int64_t i = 0; i < 400000; ++i) {
    long_line.append("v").append(std::to_string(i * 7919 % 113)).append(" ");
  }
  for (const std::string& text : {lines, long_line}) {
    const std::string path = dir.write("c.txt", text);
    const PhraseCounts one = gv::count_phrases(path, {}, 1);
    for (const int threads : {2, 3}) {
      const PhraseCounts many = gv::count_phrases(path, {}, threads);
      CHECK(many.n() == one.n());
      many.bigrams.for_each(
          [&](uint64_t key, int64_t count) { REQUIRE(one.bigrams.count(key) == count); });
    }
  }
}

TEST_CASE("count_phrases names an empty corpus", "[phrases]") {
  const ScratchDir dir("phrases_empty");
  const std::string path = dir.write("empty.txt", " ,;\n\n");
  CHECK_THROWS_WITH(gv::count_phrases(path),
                    Catch::Contains("empty.txt") && Catch::Contains("holds no words"));
}

TEST_CASE("BigramCounts counts pairs as a map would, through growth and merges", "[phrases]") {
  BigramCounts table, other;
  std::map<uint64_t, int64_t> expected;
  for (int64_t i = 0; i < 50000; ++i) {
    const uint64_t key = BigramCounts::key(i % 300, i % 7);  // 2100 distinct pairs
    table.add(key);
    ++expected[key];
    const uint64_t wide = BigramCounts::key(i, (1ll << 31) - 1 - i);  // ids up to 2^31 - 1
    other.add(wide, 2);
    expected[wide] += 2;
  }
  CHECK(BigramCounts::first(BigramCounts::key(5, 9)) == 5);
  CHECK(BigramCounts::second(BigramCounts::key(5, 9)) == 9);
  table.merge(other);
  CHECK(table.size() == static_cast<int64_t>(expected.size()));
  int64_t visited = 0;
  table.for_each([&](uint64_t key, int64_t count) {
    REQUIRE(expected.at(key) == count);
    ++visited;
  });
  CHECK(visited == table.size());
  CHECK(table.count(BigramCounts::key(299, 0)) == expected.at(BigramCounts::key(299, 0)));
  CHECK(table.count(BigramCounts::key(300, 0)) == 0);
  CHECK(BigramCounts().count(BigramCounts::key(0, 0)) == 0);
}

TEST_CASE("a stop flag ends counting and the rewrite at a sentence, and nothing without it",
          "[phrases][corpus]") {
  const ScratchDir dir("phrases_stop");
  const std::string path = dir.write("c.txt", kCorpus);
  std::atomic<bool> stop = false;
  gv::stop_input_passes_when(&stop);
  // Set but false: every pass runs to its end.
  const Phrases phrases(gv::count_phrases(path), options(1, 0.5));
  CHECK(gv::count_words(path, {}, 2).size() == 3);
  stop = true;
  CHECK_THROWS_WITH(gv::count_words(path), "counting " + path);
  CHECK_THROWS_WITH(gv::count_words(path, {}, 2), "counting " + path);
  CHECK_THROWS_AS(gv::count_phrases(path), gv::InputPassStopped);
  std::ostringstream out;
  CHECK_THROWS_WITH(phrases.rewrite(path, out), "rewriting " + path);
  CHECK(out.str().empty());
  gv::stop_input_passes_when(nullptr);
  CHECK(gv::count_words(path).size() == 3);
  CHECK_NOTHROW(phrases.rewrite(path, out));
}
