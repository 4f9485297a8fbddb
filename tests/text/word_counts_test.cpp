#include <algorithm>
#include <catch2/catch.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "text/word_counts.h"

using gv::WordCount;
using gv::WordCounts;

namespace {

void count_all(WordCounts& counts, const std::vector<std::string>& tokens) {
  for (const std::string& token : tokens) counts.count(token);
}

// "w<i>". (Built by appending: GCC 12 warns falsely about "w" + std::to_string(i).)
std::string word(int i) {
  std::string w = "w";
  w += std::to_string(i);
  return w;
}

std::vector<std::string> words_in_order(const WordCounts& counts) {
  std::vector<std::string> words;
  for (const auto& [word, seen] : counts) words.emplace_back(word);
  return words;
}

}  // namespace

TEST_CASE("WordCounts counts tokens and records each word's first index", "[word_counts]") {
  WordCounts counts;
  count_all(counts, {"to", "be", "or", "not", "to", "be"});
  CHECK(counts.size() == 4);
  CHECK(counts.tokens() == 6);
  CHECK(counts.dropped_up_to() == 0);
  CHECK(*counts.find("to") == WordCount{2, 0});
  CHECK(*counts.find("be") == WordCount{2, 1});
  CHECK(*counts.find("not") == WordCount{1, 3});
  CHECK(counts.find("question") == nullptr);
  CHECK(words_in_order(counts) == std::vector<std::string>{"to", "be", "or", "not"});
  // Equality ignores order.
  CHECK(counts == WordCounts{{"not", {1, 3}}, {"or", {1, 2}}, {"be", {2, 1}}, {"to", {2, 0}}});
  CHECK_FALSE(counts == WordCounts{{"to", {2, 0}}, {"be", {2, 1}}, {"or", {1, 2}}});
  CHECK_THROWS_WITH((WordCounts{{"a", {1, 0}}, {"a", {2, 1}}}), Catch::Contains("'a'"));
}

TEST_CASE("WordCounts grows past many rehashes without losing a word", "[word_counts]") {
  WordCounts counts;
  for (int round = 0; round < 3; ++round) {
    for (int i = 0; i < 5000; ++i) counts.count(word(i));
  }
  REQUIRE(counts.size() == 5000);
  for (int i = 0; i < 5000; ++i) {
    const WordCount* seen = counts.find(word(i));
    REQUIRE(seen != nullptr);
    CHECK(*seen == WordCount{3, i});
  }
}

TEST_CASE("WordCounts under a limit drops the rarest words with a rising threshold",
          "[word_counts]") {
  WordCounts counts(3);
  // Tokens 0-5. The 4th distinct word (d) passes the limit: every word counted once goes,
  // d included, and the threshold becomes 2.
  count_all(counts, {"a", "a", "a", "b", "c", "d"});
  CHECK(counts == WordCounts{{"a", {3, 0}}});
  CHECK(counts.dropped_up_to() == 1);
  // Tokens 6-11: b returns and starts again from 0 at token 6. f passes the limit again: e and
  // f (1 each) go, b (3) stays since the threshold is now 2, and it rises to 3.
  count_all(counts, {"b", "b", "b", "e", "f", "a"});
  CHECK(counts == WordCounts{{"a", {4, 0}}, {"b", {3, 6}}});
  CHECK(counts.dropped_up_to() == 2);
  CHECK(counts.tokens() == 12);
  // Tokens 12-15: g and h fit (4 words would pass 3, so h triggers): words counted 3 times or
  // fewer go now, b among them.
  count_all(counts, {"g", "h"});
  CHECK(counts == WordCounts{{"a", {4, 0}}});
  CHECK(counts.dropped_up_to() == 3);
}

TEST_CASE("WordCounts never holds more words than its limit and is deterministic",
          "[word_counts]") {
  // A Zipf-like stream: word i occurs about 1000 / (i + 1) times, interleaved.
  std::vector<std::string> stream;
  for (int step = 1; step <= 1000; ++step) {
    for (int i = 0; i < 400; ++i) {
      if (step % (i + 1) == 0) stream.push_back(word(i));
    }
  }
  WordCounts first(50);
  for (const std::string& token : stream) {
    first.count(token);
    REQUIRE(first.size() <= 50);
  }
  CHECK(first.dropped_up_to() > 0);
  CHECK(first.tokens() == static_cast<int64_t>(stream.size()));
  // The most frequent words are never dropped, so their counts are exact.
  CHECK(*first.find("w0") == WordCount{1000, 0});
  CHECK(first.find("w1")->count == 500);
  WordCounts again(50);
  count_all(again, stream);
  CHECK(words_in_order(again) == words_in_order(first));
  CHECK(again == first);
}

TEST_CASE("WordCounts::merge numbers the later table's tokens after its own", "[word_counts]") {
  WordCounts earlier;
  count_all(earlier, {"a", "b", "a"});
  WordCounts later;
  count_all(later, {"c", "a", "c", "d"});
  earlier.merge(later);
  CHECK(earlier == WordCounts{{"a", {3, 0}}, {"b", {1, 1}}, {"c", {2, 3}}, {"d", {1, 6}}});
  CHECK(earlier.tokens() == 7);
  // The same as counting the tokens in one table.
  WordCounts whole;
  count_all(whole, {"a", "b", "a", "c", "a", "c", "d"});
  CHECK(whole == earlier);
}

TEST_CASE("WordCounts::add sums a word's counts and keeps its earlier first", "[word_counts]") {
  // Tables of two shares read back in order (distributed counting): the second's firsts moved on
  // by the first's 3 tokens, as merge() does.
  WordCounts counts;
  CHECK(counts.add("a", {2, 0}) == 0);
  CHECK(counts.add("b", {1, 1}) == 1);
  CHECK(counts.add("c", {2, 3}) == 2);
  CHECK(counts.add("a", {1, 4}) == 0);
  CHECK(counts.add("d", {1, 6}) == 3);
  CHECK(counts == WordCounts{{"a", {3, 0}}, {"b", {1, 1}}, {"c", {2, 3}}, {"d", {1, 6}}});
  CHECK(counts.tokens() == 0);  // no token was read here
  // An earlier first given later still wins.
  counts.add("d", {1, 5});
  CHECK(*counts.find("d") == WordCount{2, 5});
}

TEST_CASE("WordCounts reports each token's index, and each merged word's", "[word_counts]") {
  WordCounts earlier;
  const std::vector<std::string_view> first{"a", "b", "a"};
  std::vector<int32_t> indices(first.size());
  earlier.count(first, indices);
  CHECK(indices == std::vector<int32_t>{0, 1, 0});
  WordCounts later;
  const std::vector<std::string_view> then{"c", "a", "c", "d"};
  indices.resize(then.size());
  later.count(then, indices);
  CHECK(indices == std::vector<int32_t>{0, 1, 0, 2});  // later's own: c, a, d
  std::vector<int32_t> merged(static_cast<size_t>(later.size()));
  earlier.merge(later, merged);
  CHECK(merged == std::vector<int32_t>{2, 0, 3});  // c and d follow a and b; a keeps 0
  // An index is the word's place in the iteration order.
  std::vector<std::string> order;
  for (const auto& [word, seen] : earlier) order.emplace_back(word);
  CHECK(order == std::vector<std::string>{"a", "b", "c", "d"});
}

TEST_CASE("WordCounts counts a batch as it counts its words one by one", "[word_counts]") {
  // The hand-worked limit case above, as one batch: the prune inside it drops d, counted after it.
  WordCounts small(3);
  const std::vector<std::string_view> six{"a", "a", "a", "b", "c", "d"};
  std::vector<int32_t> indices(six.size());
  small.count(six, indices);
  CHECK(small == WordCounts{{"a", {3, 0}}});
  CHECK(small.dropped_up_to() == 1);
  CHECK(small.tokens() == 6);

  // A Zipf-like stream through rehashes and prunes, in batches that straddle them: one of every
  // size from 1 to 70, past the 32 looked up together.
  std::vector<std::string> stream;
  for (int step = 1; step <= 300; ++step) {
    for (int i = 0; i < 2000; ++i) {
      if (step % (i + 1) == 0) stream.push_back(word(i));
    }
  }
  const std::vector<std::string_view> views(stream.begin(), stream.end());
  for (const int64_t limit : {WordCounts::kNoLimit, int64_t{300}}) {
    INFO("limit " << limit);
    WordCounts one_by_one(limit), batched(limit);
    count_all(one_by_one, stream);
    std::vector<int32_t> batch_indices(views.size());
    for (size_t start = 0, size = 1; start < views.size(); start += size, size = size % 70 + 1) {
      const size_t n = std::min(size, views.size() - start);
      batched.count(std::span(views).subspan(start, n), std::span(batch_indices).subspan(start, n));
    }
    CHECK(batched.tokens() == one_by_one.tokens());
    CHECK(batched.dropped_up_to() == one_by_one.dropped_up_to());
    CHECK(words_in_order(batched) == words_in_order(one_by_one));
    CHECK(batched == one_by_one);
  }
}
