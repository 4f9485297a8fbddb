#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "tests/vectors/vector_test_support.h"
#include "tools/vectors/case_variants.h"
#include "tools/vectors/spelling.h"
#include "tools/vectors/top_k.h"
#include "tools/vectors/vector_index.h"

namespace gv::tools {

using gv::test::analogy_example;
using gv::test::make_vectors;

namespace {

std::vector<std::string> words_of(const std::vector<Neighbor>& neighbors) {
  std::vector<std::string> words;
  for (const Neighbor& n : neighbors) words.push_back(n.word);
  return words;
}

}  // namespace

TEST_CASE("nearest neighbours are ranked by cosine, without the query word") {
  const VectorIndex index(analogy_example());
  const std::vector<Neighbor> result = index.most_similar({"b"}, {}, 3);
  // cos with b: x 0.9, y 0.5, a 0, c 0 (tie: the earlier word first).
  REQUIRE(words_of(result) == std::vector<std::string>{"x", "y", "a"});
  CHECK(result[0].score == Approx(0.9).epsilon(1e-6));
  CHECK(result[1].score == Approx(0.5).epsilon(1e-6));
  CHECK(result[2].score == Approx(0.0).margin(1e-7));
  CHECK(result[0].index == 3);
}

TEST_CASE("k larger than the candidates returns every other word") {
  const VectorIndex index(analogy_example());
  CHECK(index.most_similar({"b"}, {}, 100).size() == 4);
  CHECK(index.most_similar({"b"}, {}, 0).empty());
  // k + the query words would overflow, and a heap of k would not fit in memory.
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  CHECK(index.most_similar({"b"}, {}, kMax).size() == 4);
  CHECK(index.most_similar({"b"}, {}, kMax, 2).size() == 1);
  CHECK(index.analogy("a", "b", "c", kMax, AnalogyMethod::Add).size() == 2);
  CHECK(index.analogy("a", "b", "c", kMax, AnalogyMethod::Mul).size() == 2);
}

TEST_CASE("several positive words: the cosine with the mean of their unit vectors") {
  const VectorIndex index(analogy_example());
  const std::vector<Neighbor> result = index.most_similar({"b", "c"}, {}, 2);
  // (b + c) / sqrt(2): x (0.9 + 0.1) / sqrt(2) = 0.707107, y 0.95 / sqrt(2) = 0.671751.
  REQUIRE(words_of(result) == std::vector<std::string>{"x", "y"});
  CHECK(result[0].score == Approx(1.0 / std::sqrt(2.0)).epsilon(1e-5));
  CHECK(result[1].score == Approx(0.95 / std::sqrt(2.0)).epsilon(1e-5));
}

TEST_CASE("positive and negative words: b - a + c, all three excluded") {
  const VectorIndex index(analogy_example());
  const std::vector<Neighbor> result = index.most_similar({"b", "c"}, {"a"}, 5);
  REQUIRE(words_of(result) == std::vector<std::string>{"x", "y"});
  CHECK(result[0].score == Approx(1.0 / std::sqrt(3.0)).epsilon(1e-5));
  CHECK(result[1].score == Approx(0.95 / std::sqrt(3.0)).epsilon(1e-5));
}

TEST_CASE("a negative word alone ranks by the opposite direction") {
  const VectorIndex index(analogy_example());
  // -b: a and c score 0 (ties by order), y -0.5, x -0.9.
  CHECK(words_of(index.most_similar({}, {"b"}, 4)) == std::vector<std::string>{"a", "c", "y", "x"});
}

TEST_CASE("3CosAdd and 3CosMul answer the example analogy differently") {
  const VectorIndex index(analogy_example());
  const std::vector<Neighbor> add = index.analogy("a", "b", "c", 2, AnalogyMethod::Add);
  REQUIRE(words_of(add) == std::vector<std::string>{"x", "y"});
  CHECK(add[0].score == Approx(0.577350).epsilon(1e-5));

  const std::vector<Neighbor> mul = index.analogy("a", "b", "c", 2, AnalogyMethod::Mul);
  REQUIRE(words_of(mul) == std::vector<std::string>{"y", "x"});
  CHECK(mul[0].score == Approx(0.75 * 0.725 / 0.500001).epsilon(1e-5));
  CHECK(mul[1].score == Approx(0.95 * 0.55 / 0.500001).epsilon(1e-5));
}

TEST_CASE("3CosMul with positive words only divides by 1 + 1e-6") {
  const VectorIndex index(analogy_example());
  const std::vector<Neighbor> result = index.most_similar_cosmul({"b"}, {}, 1);
  REQUIRE(words_of(result) == std::vector<std::string>{"x"});
  CHECK(result[0].score == Approx((1 + 0.9) / 2 / (1 + 1e-6)).epsilon(1e-6));
}

TEST_CASE("restrict searches only the first N words") {
  const VectorIndex index(analogy_example());
  // Without y (word 5), 3CosMul's best answer is x.
  CHECK(words_of(index.analogy("a", "b", "c", 5, AnalogyMethod::Mul, 4)) ==
        std::vector<std::string>{"x"});
  // Query words may lie outside the restricted range; only candidates are restricted.
  CHECK(words_of(index.most_similar({"y"}, {}, 5, 2)) == std::vector<std::string>{"b", "a"});
  CHECK(index.most_similar({"b"}, {}, 5, 100).size() == 4);  // larger than the vocabulary
  CHECK_THROWS_WITH(index.most_similar({"b"}, {}, 5, -1), Catch::Contains("restrict must be >= 0"));
}

TEST_CASE("a zero vector scores 0 as a candidate and is refused as a query") {
  const VectorIndex index(make_vectors({{"zero", {0, 0}}, {"east", {2, 0}}, {"north", {0, 5}}}));
  for (int d = 0; d < 2; ++d) CHECK(index.unit_row(0)[d] == 0.0f);
  CHECK(index.unit_row(1)[0] == 1.0f);
  const std::vector<Neighbor> to_east = index.most_similar({"east"}, {}, 2);
  REQUIRE(words_of(to_east) == std::vector<std::string>{"zero", "north"});
  CHECK(to_east[0].score == 0.0f);
  // Every cosine with it is 0: its "neighbours" would be the first k words, whatever they are.
  const std::string refused = "\"zero\" has a zero vector, which has no direction to compare with";
  CHECK_THROWS_WITH(index.most_similar({"zero"}, {}, 2), refused);
  CHECK_THROWS_WITH(index.most_similar({"east", "zero"}, {}, 2), refused);
  CHECK_THROWS_WITH(index.most_similar_cosmul({"east"}, {"zero"}, 2), refused);
  CHECK_THROWS_WITH(index.analogy("east", "zero", "north", 2, AnalogyMethod::Add), refused);
  CHECK_THROWS_AS(index.analogy("zero", "east", "north", 2, AnalogyMethod::Mul),
                  gv::tools::QueryError);
}

TEST_CASE("query words that cancel out are refused, not answered with noise") {
  // b - a + c is zero up to rounding.
  const VectorIndex index(gv::test::cancelling_example({{"west", {-1, 0, 0}}, {"up", {0, 0, 1}}}));
  const std::string cancel = "the query words' vectors cancel out to zero, which has no direction";
  CHECK_THROWS_WITH(index.analogy("a", "b", "c", 2, AnalogyMethod::Add), cancel);
  CHECK_THROWS_WITH(index.most_similar({"a", "west"}, {}, 2), cancel);
  CHECK_THROWS_AS(index.most_similar({"up"}, {"up"}, 2), gv::tools::QueryError);
  // A sum of three unit vectors 1e-3 long is far above their rounding: a direction.
  std::vector<float> sum{0, 0, 1e-3f};
  CHECK(gv::tools::normalize_sum(sum.data(), 3, 3));
  CHECK(sum[2] == 1.0f);
  sum = {0, 1e-7f, 0};
  CHECK_FALSE(gv::tools::normalize_sum(sum.data(), 3, 3));
  CHECK(sum[1] == 0.0f);
}

TEST_CASE("rows of subnormal floats normalise to unit length, not to infinity") {
  // |row| = 5e-40: 1 / |row| overflows a float.
  const VectorIndex index(make_vectors({{"tiny", {3e-40f, 4e-40f}}, {"east", {1, 0}}}));
  CHECK(index.unit_row(0)[0] == Approx(0.6f));
  CHECK(index.unit_row(0)[1] == Approx(0.8f));
  CHECK(index.cosine(0, 1) == Approx(0.6f));
}

TEST_CASE("non-finite rows are treated as zero vectors") {
  const VectorIndex index(make_vectors({{"inf", {INFINITY, 1}}, {"ok", {3, 4}}}));
  CHECK(index.unit_row(0)[0] == 0.0f);
  CHECK(index.unit_row(1)[0] == Approx(0.6f));
  CHECK(index.unit_row(1)[1] == Approx(0.8f));
}

TEST_CASE("a word listed twice resolves to its first row") {
  const VectorIndex index(make_vectors({{"w", {1, 0}}, {"v", {0, 1}}, {"w", {0, 1}}}));
  CHECK(index.index_of("w") == 0);
}

TEST_CASE("an unknown word in vectors over BPE tokens is offered the word-start pieces") {
  // "love" is 1 edit from the inner piece "ove", 2 from "le" and "ive", and 1 from the word-start
  // pieces "▁lov" and "▁loved" once it is read as the piece it is after a space.
  const VectorIndex index(make_vectors(
      {{"ove", {1}}, {"le", {1}}, {"ive", {1}}, {"\u2581lov", {1}}, {"\u2581loved", {1}}}));
  CHECK_THROWS_WITH(
      index.index_of("love"),
      "\"love\" not in vocabulary (did you mean: \"\u2581lov\", \"\u2581loved\", \"ove\"?)");
  // A word typed with its mark is compared as typed.
  CHECK_THROWS_WITH(index.index_of("\u2581lovd"),
                    "\"\u2581lovd\" not in vocabulary (did you mean: \"\u2581lov\", "
                    "\"\u2581loved\"?)");
}

TEST_CASE("an unknown word names itself and up to three close spellings") {
  const VectorIndex index(make_vectors(
      {{"king", {1}}, {"queen", {1}}, {"kings", {1}}, {"kingdom", {1}}, {"ring", {1}}}));
  // Distances from "kin": king 1, kings 2, ring 2 (substitute k->r, insert g), kingdom 4.
  CHECK_THROWS_WITH(index.most_similar({"kin"}, {}, 3),
                    "\"kin\" not in vocabulary (did you mean: \"king\", \"kings\", \"ring\"?)");
  CHECK_THROWS_WITH(index.index_of("zzzzzz"), "\"zzzzzz\" not in vocabulary");
  CHECK_THROWS_AS(index.analogy("king", "queen", "kni", 1, AnalogyMethod::Add),
                  gv::tools::UnknownWordError);
  try {
    index.index_of("quen");
  } catch (const gv::tools::UnknownWordError& e) {
    CHECK(e.word() == "quen");
    CHECK(e.suggestions() == std::vector<std::string>{"queen"});
  }
}

TEST_CASE("queries with nothing to ask or a negative k are rejected") {
  const VectorIndex index(analogy_example());
  CHECK_THROWS_WITH(index.most_similar({}, {}, 3), Catch::Contains("at least one query word"));
  CHECK_THROWS_WITH(index.most_similar_cosmul({}, {"a"}, 3),
                    Catch::Contains("at least one positive word"));
  CHECK_THROWS_WITH(index.most_similar({"a"}, {}, -1), Catch::Contains("k must be >= 0"));
}

TEST_CASE("vectors whose values do not fill (size, dim) are rejected") {
  gv::WordVectors broken = make_vectors({{"a", {1, 2}}, {"b", {3, 4}}});
  broken.values.pop_back();
  CHECK_THROWS_WITH(VectorIndex(broken), Catch::Contains("3 values do not fill (2, 2)"));
}

TEST_CASE("a big vocabulary is scanned on several threads with the same answer") {
  // 40,000 x 64 floats exceeds the one-thread threshold. Word i points at angle i * step in
  // the first plane, so word 0's nearest neighbours are words 1, 2, 3 in order.
  const int64_t n = 40000, dim = 64;
  gv::WordVectors vectors;
  vectors.dim = dim;
  for (int64_t i = 0; i < n; ++i) {
    std::string word = "w";  // not "w" + to_string(i): GCC 12 warns falsely (-Wrestrict)
    vectors.words.push_back(word += std::to_string(i));
    std::vector<float> row(dim, 0.0f);
    row[0] = std::cos(1e-5f * static_cast<float>(i));
    row[1] = std::sin(1e-5f * static_cast<float>(i));
    vectors.values.insert(vectors.values.end(), row.begin(), row.end());
  }
  for (const int threads : {1, 2, 3}) {
    const VectorIndex index(vectors, threads);
    CHECK(words_of(index.most_similar({"w0"}, {}, 3)) ==
          std::vector<std::string>{"w1", "w2", "w3"});
  }
}

TEST_CASE("a scan split into chunks breaks ties as one pass does: the earlier word first") {
  // 40,000 x 64 floats, cut into several chunks a thread; every 1,000th word has the query's
  // own vector, in every chunk, and the other words point further away. The ties go to the
  // earlier words however the chunks finish.
  const int64_t n = 40000, dim = 64;
  gv::WordVectors vectors;
  vectors.dim = dim;
  std::vector<std::string> tied;
  for (int64_t i = 0; i < n; ++i) {
    std::string word = "w";
    vectors.words.push_back(word += std::to_string(i));
    const bool ties = i % 1000 == 999;
    if (ties && tied.size() < 10) tied.push_back(vectors.words.back());
    std::vector<float> row(dim, 0.0f);
    row[0] = 1.0f;
    row[1] = ties || i == 0 ? 0.0f : 0.5f + 1e-5f * static_cast<float>(i % 997);
    vectors.values.insert(vectors.values.end(), row.begin(), row.end());
  }
  for (const int threads : {1, 2, 3}) {
    const VectorIndex index(vectors, threads);
    CHECK(words_of(index.most_similar({"w0"}, {}, 10)) == tied);
  }
}

TEST_CASE("bounded edit distance is exact up to the bound") {
  using gv::tools::bounded_edit_distance;
  CHECK(bounded_edit_distance("kitten", "sitting", 3) == 3);  // the textbook example
  CHECK(bounded_edit_distance("kitten", "sitting", 2) == 3);  // over the bound: bound + 1
  CHECK(bounded_edit_distance("flaw", "lawn", 2) == 2);
  CHECK(bounded_edit_distance("", "abc", 3) == 3);
  CHECK(bounded_edit_distance("abc", "", 2) == 3);
  CHECK(bounded_edit_distance("same", "same", 0) == 0);
  CHECK(bounded_edit_distance("abcdef", "abcxef", 1) == 1);
  CHECK(bounded_edit_distance("ab", "ba", 2) == 2);
  // ASCII letters match whatever their case; other bytes only themselves.
  CHECK(bounded_edit_distance("KINGS", "king", 2) == 1);
  CHECK(bounded_edit_distance("\xC3\x89t\xC3\xA9", "\xC3\xA9t\xC3\xA9", 2) == 1);  // Été, été
}

TEST_CASE("a word the vocabulary lacks resolves to its first ASCII case variant") {
  const VectorIndex index(make_vectors({{"King", {1, 0}},
                                        {"king", {0, 1}},
                                        {"KING", {1, 1}},
                                        {"queen", {1, 2}},
                                        {"Paris", {2, 1}}}));
  CHECK(index.resolve("king").word == "king");  // exact first
  CHECK(index.resolve("king").substitutes.empty());
  const gv::tools::QueryWord king = index.resolve("kInG");
  CHECK(king.word == "King");  // the first of them in the file
  CHECK(king.substitutes == std::vector<std::string>{"King", "king", "KING"});
  CHECK(index.resolve("PARIS").word == "Paris");
  CHECK(index.resolve("rome").word == "rome");  // none: as asked, for the unknown-word error
  CHECK(index.resolve("rome").substitutes.empty());
  CHECK(gv::tools::case_substitution_note("kInG", king.substitutes) ==
        "kInG: using King, the first in the file of King, king, KING");
  CHECK(gv::tools::case_substitution_note("PARIS", {"Paris"}) == "PARIS: using Paris");
}

TEST_CASE("a word the vocabulary lacks resolves to its BPE piece after a space first") {
  const VectorIndex index(make_vectors({{"\u2581King", {1, 0}},
                                        {"\u2581king", {0, 1}},
                                        {"King", {1, 1}},
                                        {"queen", {1, 2}},
                                        {"\u2581queen", {2, 1}}}));
  const gv::tools::QueryWord king = index.resolve("king");
  CHECK(king.word == "\u2581king");  // before the case variant King
  CHECK(king.substitutes == std::vector<std::string>{"\u2581king"});
  CHECK(gv::tools::case_substitution_note("king", king.substitutes) == "king: using \u2581king");
  CHECK(index.resolve("King").word == "King");  // exact first
  CHECK(index.resolve("queen").word == "queen");
  CHECK(index.resolve("QUEEN").word == "queen");  // no piece \u2581QUEEN: the case variant
}

TEST_CASE("closest spellings: nearest first, then by vocabulary order, at most N") {
  const std::vector<std::string> vocabulary{"cart", "cat", "bat", "cast", "dog"};
  // "cas" -> cat 1, cast 1, cart 2, bat 2, dog 3.
  CHECK(gv::tools::closest_spellings(vocabulary, "cas", 3) ==
        std::vector<std::string>{"cat", "cast", "cart"});
  CHECK(gv::tools::closest_spellings(vocabulary, "cas", 2, 1) ==
        std::vector<std::string>{"cat", "cast"});
  CHECK(gv::tools::closest_spellings(vocabulary, "elephant").empty());
}

TEST_CASE("TopK keeps the best k, ties to the lower index, NaN never") {
  gv::tools::TopK best(3);
  const float scores[] = {0.5f, NAN, 0.9f, 0.5f, 0.1f, 0.7f, 0.5f};
  for (int i = 0; i < 7; ++i) best.offer(i, scores[i]);
  const std::vector<gv::tools::ScoredIndex> top = best.take_sorted();
  REQUIRE(top.size() == 3);
  CHECK(top[0].index == 2);
  CHECK(top[1].index == 5);
  CHECK(top[2].index == 0);  // 0.5 three times: the first one
  CHECK(best.take_sorted().empty());
}

}  // namespace gv::tools
