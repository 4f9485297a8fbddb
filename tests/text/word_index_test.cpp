// WordIndex: every word of its list finds its own position, nothing else is found, and a
// repeated word is refused. word_hash, which places the words, depends on every byte.
#include <catch2/catch.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "text/word_hash.h"
#include "text/word_index.h"

TEST_CASE("WordIndex finds each of 20,000 words at its position and no other word",
          "[vocabulary][word_index]") {
  std::vector<std::string> words;
  for (int i = 0; i < 20000; ++i) {
    std::string word = "w";  // appended, not "w" + ...: GCC 12 warns falsely on that (-Wrestrict)
    words.push_back(word += std::to_string(i));
  }
  words.push_back("");   // the empty word is a word like any other
  words.push_back("é");  // bytes, not characters
  const gv::WordIndex index(words);
  for (size_t id = 0; id < words.size(); ++id) {
    INFO(words[id]);
    REQUIRE(index.find(words[id], words) == static_cast<int64_t>(id));
  }
  for (const std::string absent : {"w20000", "w-1", "W1", "w01", "e", "w1 "}) {
    INFO(absent);
    CHECK(index.find(absent, words) == -1);
  }
}

TEST_CASE("WordIndex looks up a span of words as one find per word", "[vocabulary][word_index]") {
  std::vector<std::string> words;
  for (int i = 0; i < 300; ++i) {
    std::string word = "w";
    words.push_back(word += std::to_string(i));
  }
  const gv::WordIndex index(words);
  // 75 queries, more than two batches, each a known word (id 7 * q % 300) or, every fifth,
  // an absent one; expected ids derived from how the queries are made, not from find().
  std::vector<std::string> texts;
  std::vector<int64_t> expected;
  for (int q = 0; q < 75; ++q) {
    std::string text = q % 5 == 4 ? "x" : "w";
    texts.push_back(text += std::to_string(7 * q % 300));
    expected.push_back(q % 5 == 4 ? -1 : 7 * q % 300);
  }
  for (const size_t n : {size_t{0}, size_t{1}, size_t{32}, size_t{33}, texts.size()}) {
    const std::vector<std::string_view> queries(texts.begin(), texts.begin() + n);
    std::vector<int64_t> ids(n, -7);
    index.find(queries, words, ids);
    for (size_t q = 0; q < n; ++q) {
      INFO("n = " << n << ", query " << texts[q]);
      CHECK(ids[q] == expected[q]);
    }
  }
  std::vector<int64_t> none_found(2, -7);
  const std::vector<std::string_view> two = {"w1", "w2"};
  const std::vector<std::string> empty;
  gv::WordIndex().find(two, empty, none_found);
  CHECK(none_found == std::vector<int64_t>{-1, -1});
}

TEST_CASE("WordIndex: empty, and refuses a repeated word", "[vocabulary][word_index]") {
  const std::vector<std::string> none;
  CHECK(gv::WordIndex().find("a", none) == -1);
  CHECK(gv::WordIndex(none).find("a", none) == -1);
  const std::vector<std::string> twice = {"a", "b", "a"};
  CHECK_THROWS_AS(gv::WordIndex(twice), std::invalid_argument);
  CHECK_THROWS_WITH(gv::WordIndex(twice), Catch::Contains("'a' occurs twice"));
}

TEST_CASE("word_hash reads every byte of a word, at every length", "[vocabulary][word_index]") {
  // Words of 1-24 bytes cover each way the hash reads a word (three single bytes, two overlapping
  // 4-byte loads, whole and overlapping 8-byte chunks). Changing any one byte, or the length,
  // must change the hash; the table's slot takes the low bits and its tag the high ones, so
  // each half is checked on its own.
  std::string base;
  for (int n = 1; n <= 24; ++n) {
    base.push_back(static_cast<char>('a' + n % 26));
    const uint64_t h = gv::word_hash(base);
    CHECK(gv::word_hash(std::string_view(base).substr(0, n - 1)) != h);
    for (int i = 0; i < n; ++i) {
      std::string changed = base;
      changed[i] ^= 0x20;
      INFO(n << " bytes, byte " << i << " changed");
      const uint64_t c = gv::word_hash(changed);
      CHECK(static_cast<uint32_t>(c) != static_cast<uint32_t>(h));
      CHECK((c >> 32) != (h >> 32));
    }
  }
  // The same bytes at another address hash the same.
  const std::string copy = base;
  CHECK(gv::word_hash(copy) == gv::word_hash(base));
}
