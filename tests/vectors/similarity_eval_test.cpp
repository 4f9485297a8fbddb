#include <catch2/catch.hpp>
#include <cmath>
#include <sstream>

#include "tests/vectors/vector_test_support.h"
#include "tools/vectors/similarity_eval.h"
#include "tools/vectors/text_file.h"

using gv::tools::SimilarityPair;

namespace {

std::vector<SimilarityPair> parse(const std::string& text) {
  std::istringstream in(text);
  return gv::tools::parse_similarity_pairs(in, "pairs.txt");
}

}  // namespace

TEST_CASE("average ranks share tied positions") {
  CHECK(gv::tools::average_ranks({10, 20, 20, 30}) == std::vector<double>{1, 2.5, 2.5, 4});
  CHECK(gv::tools::average_ranks({5, 5, 5}) == std::vector<double>{2, 2, 2});
  CHECK(gv::tools::average_ranks({3, 1, 2}) == std::vector<double>{3, 1, 2});
}

TEST_CASE("spearman without ties: the textbook IQ / TV example") {
  // Wikipedia, "Spearman's rank correlation coefficient": sum d^2 = 194 over n = 10,
  // rho = 1 - 6 * 194 / (10 * (100 - 1)) = -29/165.
  const std::vector<double> iq{106, 100, 86, 101, 99, 103, 97, 113, 112, 110};
  const std::vector<double> tv{7, 27, 2, 50, 28, 29, 20, 12, 6, 17};
  CHECK(gv::tools::spearman(iq, tv) == Approx(-29.0 / 165.0).epsilon(1e-12));
}

TEST_CASE("spearman with ties is the Pearson correlation of average ranks") {
  // x = {1, 2, 2, 3} -> ranks {1, 2.5, 2.5, 4}; y = {1, 3, 2, 4} -> ranks {1, 3, 2, 4}.
  // Deviations from the mean rank 2.5: dx = {-1.5, 0, 0, 1.5}, dy = {-1.5, 0.5, -0.5, 1.5}.
  // sum dx dy = 4.5, sum dx^2 = 4.5, sum dy^2 = 5: rho = 4.5 / sqrt(22.5) = 3 / sqrt(10).
  CHECK(gv::tools::spearman({1, 2, 2, 3}, {1, 3, 2, 4}) == Approx(3 / std::sqrt(10.0)));
  CHECK(gv::tools::spearman({1, 2, 3}, {30, 20, 10}) == Approx(-1.0));
}

TEST_CASE("pearson is the correlation of the values themselves") {
  // Means 2.5 and 3.75: sxy = 3.5, sxx = 5, syy = 4.75.
  CHECK(gv::tools::pearson({1, 2, 3, 4}, {2, 4, 5, 4}) == Approx(3.5 / std::sqrt(23.75)));
  CHECK(gv::tools::pearson({1, 2, 3}, {-2, -4, -6}) == Approx(-1.0));
}

TEST_CASE("spearman is undefined for fewer than two pairs or a constant side") {
  CHECK_THROWS_WITH(gv::tools::spearman({1}, {2}), Catch::Contains("at least 2 pairs, got 1"));
  CHECK_THROWS_WITH(gv::tools::spearman({1, 2}, {2}), Catch::Contains("2 vs 1 values"));
  CHECK_THROWS_WITH(gv::tools::spearman({1, 1, 1}, {1, 2, 3}),
                    Catch::Contains("all values on one side are equal"));
}

TEST_CASE("word pair files: tabs or spaces, comments and blank lines") {
  const std::vector<SimilarityPair> pairs =
      parse("# word1 word2 score\n\ntiger\tcat\t7.35\n  book paper 7.46 \r\n\n");
  REQUIRE(pairs.size() == 2);
  CHECK(pairs[0].a == "tiger");
  CHECK(pairs[0].b == "cat");
  CHECK(pairs[0].human_score == 7.35);
  CHECK(pairs[1].b == "paper");
  CHECK(pairs[1].line == 4);
}

TEST_CASE("malformed word pair files are rejected naming file and line") {
  CHECK_THROWS_WITH(parse("tiger cat 7\nbook paper\n"),
                    "pairs.txt:2: expected 'word1 word2 score', got 2 fields");
  CHECK_THROWS_WITH(parse("tiger cat high\n"), "pairs.txt:1: score \"high\" is not a number");
  CHECK_THROWS_WITH(parse("tiger cat 7x\n"), Catch::Contains("score \"7x\" is not a number"));
  CHECK_THROWS_WITH(parse("tiger cat nan\n"), Catch::Contains("is not a number"));
  CHECK_THROWS_WITH(gv::tools::read_similarity_pairs("/nonexistent/pairs.txt"),
                    Catch::Contains("cannot open word pairs file '/nonexistent/pairs.txt'"));
}

TEST_CASE("similarity evaluation ranks cosines against human scores") {
  // p1 = (1, 1) is at 45 degrees from both p0 = (1, 0) and p3 = (0, 1), so its two cosines
  // are the same float, 1/sqrt(2): a real tie. cos(p0, p2 = (1, 3)) = 1/sqrt(10).
  const gv::tools::VectorIndex index(
      gv::test::make_vectors({{"p0", {1, 0}}, {"p1", {1, 1}}, {"p2", {1, 3}}, {"p3", {0, 1}}}));
  const std::vector<SimilarityPair> pairs = parse(
      "P0 p1 9\n"    // cosine 0.707 (upper case matched case-insensitively)
      "p0 p2 5\n"    // cosine 0.316
      "p0 p3 1\n"    // cosine 0
      "p0 nope 4\n"  // skipped
      "p1 p3 8\n");  // cosine 0.707, tied with the first pair
  const gv::tools::SimilarityEvalResult result =
      gv::tools::evaluate_similarity(index, pairs, "pairs.txt");
  // human ranks {4, 2, 1, 3}; cosine ranks {3.5, 2, 1, 3.5}. Mean 2.5:
  // dh = {1.5, -0.5, -1.5, 0.5}, dc = {1, -0.5, -1.5, 1}: sum dh dc = 1.5 + 0.25 + 2.25 + 0.5
  // = 4.5, sum dh^2 = 5, sum dc^2 = 1 + 0.25 + 2.25 + 1 = 4.5: rho = 4.5 / sqrt(22.5).
  CHECK(result.spearman == Approx(4.5 / std::sqrt(22.5)));
  CHECK(result.pairs_used == 4);
  CHECK(result.pairs_skipped == 1);
  CHECK(gv::tools::format_similarity_report(result) == "spearman: 0.9487 (4 pairs, 1 skipped)\n");

  // Case-sensitively "P0" is unknown; the other three pairs rank the same on both sides.
  const gv::tools::SimilarityEvalResult exact =
      gv::tools::evaluate_similarity(index, pairs, "pairs.txt", 0, false);
  CHECK(exact.pairs_used == 3);
  CHECK(exact.pairs_skipped == 2);
  CHECK(exact.spearman == Approx(1.0));
  // restrict 2: only p0 and p1 are words, leaving one usable pair.
  CHECK_THROWS_WITH(gv::tools::evaluate_similarity(index, pairs, "pairs.txt", 2),
                    "pairs.txt: only 1 of 5 pairs have both words in the vocabulary; need at "
                    "least 2");
}

TEST_CASE("a byte order mark before the first pair is not part of its word") {
  const std::vector<SimilarityPair> pairs = parse("\xEF\xBB\xBFtiger cat 7\n");
  REQUIRE(pairs.size() == 1);
  CHECK(pairs[0].a == "tiger");
  CHECK(parse("\xEF\xBB\xBF# word1 word2 score\ntiger cat 7\n").size() == 1);
}

TEST_CASE("a pairs line longer than the limit is refused naming file and line") {
  CHECK_THROWS_WITH(
      parse("a b 1\n" + std::string(static_cast<size_t>(gv::kMaxWordLineBytes) + 1, '\0')),
      "pairs.txt:2: line longer than 1048576 bytes, the limit for a line of words");
}

TEST_CASE("pairs with a zero vector are left out of the correlation and counted") {
  // Counted as cosine 0, the pair z-p0 would rank below p0-p2 and spoil the perfect order.
  const gv::tools::VectorIndex index(
      gv::test::make_vectors({{"p0", {1, 0}}, {"p1", {1, 1}}, {"p2", {1, 3}}, {"z", {0, 0}}}));
  const gv::tools::SimilarityEvalResult result =
      gv::tools::evaluate_similarity(index, parse("p0 p1 9\np0 p2 5\nz p0 7\np1 z 1\n"), "p.txt");
  CHECK(result.pairs_used == 2);
  CHECK(result.zero_vector == 2);
  CHECK(result.spearman == Approx(1.0));
  CHECK(gv::tools::format_similarity_report(result) ==
        "spearman: 1.0000 (2 pairs, 0 skipped, 2 left out for a zero vector)\n");
  CHECK_THROWS_WITH(gv::tools::evaluate_similarity(index, parse("p0 p1 9\nz p0 7\n"), "p.txt"),
                    "p.txt: only 1 of 2 pairs have both words in the vocabulary and neither "
                    "vector zero; need at least 2");
}

TEST_CASE("an undefined correlation names the pairs file and which side is constant") {
  const gv::tools::VectorIndex index(
      gv::test::make_vectors({{"p0", {1, 0}}, {"p1", {1, 1}}, {"p2", {1, 3}}, {"p3", {0, 1}}}));
  CHECK_THROWS_WITH(gv::tools::evaluate_similarity(index, parse("p0 p1 5\np0 p2 5\n"), "p.txt"),
                    "p.txt: the 2 pairs used all have the same human score, so their rank "
                    "correlation is undefined");
  // p0-p1 and p1-p3 are both at 45 degrees.
  CHECK_THROWS_WITH(gv::tools::evaluate_similarity(index, parse("p0 p1 1\np1 p3 2\n"), "p.txt"),
                    "p.txt: the 2 pairs used all have the same cosine, so their rank "
                    "correlation is undefined");
  CHECK_THROWS_WITH(gv::tools::evaluate_similarity(index, parse(""), "p.txt"),
                    "p.txt: only 0 of 0 pairs have both words in the vocabulary; need at least 2");
}
