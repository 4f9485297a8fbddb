#include "word2vec/unreachable_words.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

using gv::tokenizer_can_yield;
using gv::TokenizerOptions;
using gv::Vocabulary;

TEST_CASE("A word is reachable exactly when the tokenizer yields it from some text",
          "[vocabulary][tokenizer]") {
  const TokenizerOptions lowercase;
  TokenizerOptions keep_case;
  keep_case.lowercase = false;
  TokenizerOptions punctuation;
  punctuation.keep_punctuation = true;
  for (const char* word : {"king", "don't", "new_york", "caf\xc3\xa9", "42"}) {
    CAPTURE(word);
    CHECK(tokenizer_can_yield(word, lowercase));
  }
  // Capitals are lowercased, edge apostrophes stripped, punctuation splits, a token is cut at
  // 100 bytes, and a curly apostrophe is stored as ASCII.
  for (const std::string& word : {std::string("King"), std::string("'tis"), std::string("x.y"),
                                  std::string(101, 'a'), std::string("don\xe2\x80\x99t")}) {
    CAPTURE(word);
    CHECK_FALSE(tokenizer_can_yield(word, lowercase));
  }
  CHECK(tokenizer_can_yield("King", keep_case));
  CHECK_FALSE(tokenizer_can_yield(",", lowercase));
  CHECK(tokenizer_can_yield(",", punctuation));
}

TEST_CASE("without_words keeps the others in their order, then max_size of them", "[vocabulary]") {
  gv::WordCounts counts;
  const std::vector<std::pair<std::string, int64_t>> words = {{"the", 9}, {"King", 7}, {"and", 7},
                                                              {"x.y", 5}, {"of", 5},   {"war", 2}};
  for (size_t i = 0; i < words.size(); ++i)
    counts.insert(words[i].first, {words[i].second, static_cast<int64_t>(i)});
  const Vocabulary vocab = Vocabulary::build(counts);
  const std::vector<int64_t> unreachable = gv::unreachable_words(vocab, TokenizerOptions{});
  REQUIRE(unreachable == std::vector<int64_t>{1, 3});
  const Vocabulary kept = gv::without_words(vocab, unreachable, 3);
  CHECK(kept.words() == std::vector<std::string>{"the", "and", "of"});
  CHECK(kept.counts() == std::vector<int64_t>{9, 7, 5});
  CHECK(kept.total_count() == 21);
  CHECK(gv::without_words(vocab, {}, 0).words() == vocab.words());
}
