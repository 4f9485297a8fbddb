#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "embeddings/subword_rows.h"

using gv::SubwordScheme;

namespace {

std::vector<std::string> ngrams_of(std::string_view word, SubwordScheme scheme) {
  std::vector<std::string> ngrams;
  gv::for_each_ngram(word, scheme, [&](std::string_view g) { ngrams.emplace_back(g); });
  return ngrams;
}

}  // namespace

TEST_CASE("fasttext_hash is FNV-1a 32 on ASCII, with sign-extended bytes above 0x7F",
          "[subwords]") {
  // The FNV reference's published 32-bit FNV-1a values.
  CHECK(gv::fasttext_hash("") == 0x811c9dc5u);
  CHECK(gv::fasttext_hash("a") == 0xe40c292cu);
  CHECK(gv::fasttext_hash("foobar") == 0xbf9cf968u);
  // "é" is C3 A9. Plain FNV-1a gives 0x1e9de8c1; xoring the sign-extended bytes FFFFFFC3 and
  // FFFFFFA9 instead (worked by hand in 32-bit arithmetic) gives 0x3cfa68c1.
  CHECK(gv::fasttext_hash("\xC3\xA9") == 0x3cfa68c1u);
}

TEST_CASE("n-grams of <word> follow fastText: by start, then length, no lone marker",
          "[subwords]") {
  // fastText's documentation lists the 3-grams of "where".
  CHECK(ngrams_of("where", {3, 3, 10}) ==
        std::vector<std::string>{"<wh", "whe", "her", "ere", "re>"});
  CHECK(ngrams_of("ab", {3, 6, 10}) == std::vector<std::string>{"<ab", "<ab>", "ab>"});
  // 1-grams skip the markers; lengths count code points, so "é" is one.
  CHECK(ngrams_of("\xC3\xA9t", {1, 2, 10}) ==
        std::vector<std::string>{"<\xC3\xA9", "\xC3\xA9", "\xC3\xA9t", "t", "t>"});
  CHECK(ngrams_of("where", {3, 0, 10}).empty());  // maxn 0: no n-grams
  CHECK(ngrams_of("</s>", {3, 6, 10}).empty());   // fastText's end of sentence has none
  // A word of n code points has, with minn 3 and maxn 6, one n-gram per window of 3..6 points
  // of its n + 2 marked points: for "where" (7 marked) that is 5 + 4 + 3 + 2 = 14.
  CHECK(ngrams_of("where", {}).size() == 14);
}

TEST_CASE("SubwordRows: each word's own row, then its n-grams' bucket rows after the vocabulary",
          "[subwords]") {
  const std::vector<std::string> words = {"where", "ab"};
  const SubwordScheme scheme{3, 6, 7};
  const gv::SubwordRows rows(words, scheme);
  CHECK(rows.words() == 2);
  CHECK(rows.table_rows() == 9);
  for (int64_t w = 0; w < 2; ++w) {
    const auto of = rows.of(w);
    REQUIRE(of.size() == 1 + ngrams_of(words[static_cast<size_t>(w)], scheme).size());
    CHECK(of[0] == w);
    size_t i = 1;
    gv::for_each_ngram(words[static_cast<size_t>(w)], scheme,
                       [&](std::string_view g) { CHECK(of[i++] == 2 + gv::fasttext_hash(g) % 7); });
  }
}

TEST_CASE("SubwordScheme refuses sizes fastText cannot hold", "[subwords]") {
  CHECK_THROWS_WITH((SubwordScheme{0, 6, 10}.check()), "--minn must be >= 1, got 0");
  CHECK_THROWS_WITH((SubwordScheme{4, 3, 10}.check()), "--maxn must be >= --minn (4) or 0, got 3");
  CHECK_NOTHROW((SubwordScheme{4, 0, 10}.check()));
  CHECK_THROWS_WITH((SubwordScheme{3, 6, 0}.check()),
                    "--buckets must be in [1, 2147483647], got 0");
  CHECK_THROWS_WITH((SubwordScheme{3, 6, int64_t{1} << 31}.check()),
                    "--buckets must be in [1, 2147483647], got 2147483648");
}
