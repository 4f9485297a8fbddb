// WordIndex: every word of its list finds its own position, nothing else is found, and a
// repeated word is refused.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include "word2vec/word_index.h"

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

TEST_CASE("WordIndex: empty, and refuses a repeated word", "[vocabulary][word_index]") {
  const std::vector<std::string> none;
  CHECK(gv::WordIndex().find("a", none) == -1);
  CHECK(gv::WordIndex(none).find("a", none) == -1);
  const std::vector<std::string> twice = {"a", "b", "a"};
  CHECK_THROWS_AS(gv::WordIndex(twice), std::invalid_argument);
  CHECK_THROWS_WITH(gv::WordIndex(twice), Catch::Contains("'a' occurs twice"));
}
