#include <sys/stat.h>

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "io/count_limit.h"
#include "io/line_reader.h"
#include "tests/scratch_dir.h"
#include "text/vocabulary.h"

using gv::Vocabulary;
using gv::WordCounts;
using gv::testing::ScratchDir;

namespace {

std::vector<std::string> words_of(const Vocabulary& vocab) {
  std::vector<std::string> words;
  for (int64_t id = 0; id < vocab.size(); ++id) words.push_back(vocab.word(id));
  return words;
}

// Word -> {count, first}: as if counted from a text whose tokens begin "the cat zed bat and",
// so the three words counted 3 times first appear in the order cat, bat, and.
const WordCounts kCounts = {{"the", {5, 0}}, {"cat", {3, 1}}, {"and", {3, 4}},
                            {"zed", {2, 2}}, {"bat", {3, 3}}, {"dog", {1, 9}}};

}  // namespace

TEST_CASE("Vocabulary orders by count, then by first appearance", "[vocabulary]") {
  const Vocabulary vocab = Vocabulary::build(kCounts);
  CHECK(words_of(vocab) == std::vector<std::string>{"the", "cat", "bat", "and", "zed", "dog"});
  CHECK(vocab.counts() == std::vector<int64_t>{5, 3, 3, 3, 2, 1});
  CHECK(vocab.total_count() == 17);
  CHECK(vocab.id("the") == 0);
  CHECK(vocab.id("and") == 3);
  CHECK(vocab.count(3) == 3);
  CHECK(vocab.id("cow") == Vocabulary::kUnknown);
  CHECK(vocab.id("") == Vocabulary::kUnknown);
  // Equal counts and equal firsts (only made by hand) compare bytes: uppercase ASCII <
  // lowercase ASCII < UTF-8 multibyte.
  const Vocabulary mixed =
      Vocabulary::build({{"\u00e9clair", {1, 0}}, {"apple", {1, 0}}, {"Zoo", {1, 0}}});
  CHECK(words_of(mixed) == std::vector<std::string>{"Zoo", "apple", "\u00e9clair"});
}

TEST_CASE("Vocabulary does not depend on the order words were counted in", "[vocabulary]") {
  // The second map ties in both count and first: only the words' bytes decide there.
  const WordCounts tied = {{"b", {1, 0}}, {"c", {1, 0}}, {"a", {1, 0}}, {"d", {1, 0}}};
  for (const WordCounts& counts : {kCounts, tied}) {
    WordCounts reversed;  // the same entries inserted in the opposite order
    const std::vector<WordCounts::Entry> entries(counts.begin(), counts.end());
    for (auto it = entries.rbegin(); it != entries.rend(); ++it)
      reversed.insert(it->word, it->seen);
    CHECK(words_of(Vocabulary::build(reversed)) == words_of(Vocabulary::build(counts)));
  }
  CHECK(words_of(Vocabulary::build(tied)) == std::vector<std::string>{"a", "b", "c", "d"});
}

TEST_CASE("Vocabulary applies min_count, then keeps the max_size most frequent", "[vocabulary]") {
  const Vocabulary frequent = Vocabulary::build(kCounts, 3);
  CHECK(words_of(frequent) == std::vector<std::string>{"the", "cat", "bat", "and"});
  CHECK(frequent.total_count() == 14);
  CHECK(frequent.id("zed") == Vocabulary::kUnknown);
  // The cut falls inside the tie at count 3: the earlier words stay.
  const Vocabulary top = Vocabulary::build(kCounts, 1, 3);
  CHECK(words_of(top) == std::vector<std::string>{"the", "cat", "bat"});
  CHECK(top.total_count() == 11);
  CHECK(Vocabulary::build(kCounts, 1, 100).size() == 6);
}

TEST_CASE("Vocabulary reports bad arguments and empty results", "[vocabulary][errors]") {
  CHECK_THROWS_AS(Vocabulary::build(kCounts, 0), std::invalid_argument);
  CHECK_THROWS_WITH(Vocabulary::build(kCounts, 0),
                    Catch::Contains("min_count") && Catch::Contains("got 0"));
  CHECK_THROWS_WITH(Vocabulary::build(kCounts, 1, -1),
                    Catch::Contains("max_size") && Catch::Contains("got -1"));
  CHECK_THROWS_AS(Vocabulary::build(kCounts, 6), std::runtime_error);
  CHECK_THROWS_WITH(Vocabulary::build(kCounts, 6),
                    Catch::Contains("no word occurs at least 6 times") &&
                        Catch::Contains("6 distinct words") &&
                        Catch::Contains("most frequent occurs 5 times"));
  CHECK_THROWS_WITH(Vocabulary::build(WordCounts{}), Catch::Contains("0 distinct words"));
  const Vocabulary vocab = Vocabulary::build(kCounts);
  CHECK_THROWS_AS(vocab.word(6), std::out_of_range);
  CHECK_THROWS_WITH(vocab.word(6), Catch::Contains("id 6") && Catch::Contains("6 words"));
  CHECK_THROWS_WITH(vocab.count(-1), Catch::Contains("id -1"));
}

TEST_CASE("Vocabulary saves 'word count' lines and loads them back, ties included",
          "[vocabulary][io]") {
  const ScratchDir dir("vocab_round_trip");
  const Vocabulary vocab = Vocabulary::build(kCounts);
  const std::string path = dir.file("vocab.txt");
  vocab.save(path);
  CHECK(gv::testing::read_file(path) == "the 5\ncat 3\nbat 3\nand 3\nzed 2\ndog 1\n");

  const Vocabulary loaded = Vocabulary::load(path);
  CHECK(words_of(loaded) == words_of(vocab));
  CHECK(loaded.counts() == vocab.counts());
  CHECK(loaded.total_count() == vocab.total_count());
  CHECK(loaded.id("and") == vocab.id("and"));
}

TEST_CASE("Vocabulary loads hand-written files by count, ties in line order", "[vocabulary][io]") {
  const ScratchDir dir("vocab_hand_written");
  // Any order, tabs or several spaces, blank lines, Windows line ends, no final newline.
  const std::string path = dir.write("vocab.txt", "b 2\r\n\n  a\t2\nc   7\n\n\nd 1");
  const Vocabulary vocab = Vocabulary::load(path);
  CHECK(words_of(vocab) == std::vector<std::string>{"c", "b", "a", "d"});
  CHECK(vocab.counts() == std::vector<int64_t>{7, 2, 2, 1});
}

TEST_CASE("Vocabulary::load names the file and line of malformed input",
          "[vocabulary][io][errors]") {
  const ScratchDir dir("vocab_malformed");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"the 5\ncat\n", ":2: expected 'word count', got 'cat'"},
      {"the 5 7\n", ":1: expected 'word count', got 'the 5 7'"},
      {"the 5\ncat x\n", ":2: count must be a positive integer, got 'x'"},
      {"the 5x\n", ":1: count must be a positive integer, got '5x'"},
      {"the -3\n", ":1: count must be a positive integer, got '-3'"},
      {"the 0\n", ":1: count must be a positive integer, got '0'"},
      {"the 99999999999999999999\n", ":1: count must be a positive integer"},
      {"the 5\ncat 2\nthe 1\n", ":3: duplicate word 'the'"},
      {std::string(100, 'x') + "\n",
       ":1: expected 'word count', got '" + std::string(80, 'x') + "...'"},
  };
  for (const auto& [text, message] : cases) {
    CAPTURE(text);
    const std::string path = dir.write("bad.txt", text);
    CHECK_THROWS_AS(Vocabulary::load(path), std::runtime_error);
    CHECK_THROWS_WITH(Vocabulary::load(path), Catch::Contains(path + message));
  }
  // Counts add up to at most 2^44 (io/count_limit.h), lines under min_count too: past
  // it, the sum overflowed (found by tests/fuzz/vocabulary_fuzz.cpp), or a count of 2^62 left
  // every other word no share of the negatives, and drawing one never ended.
  const std::vector<std::pair<std::string, std::string>> too_many = {
      {"a 9223372036854775807\nb 1\n",
       ":1: count must be in [1, 17592186044416] (counts add up to at most 2^44 tokens; those "
       "before it to 0), got '9223372036854775807'"},
      {"the 4611686018427387904\nking 3\n", ":1: count must be in [1, 17592186044416]"},
      {"a 17592186044415\nb 2\n",
       ":2: count must be in [1, 1] (counts add up to at most 2^44 tokens; those before it to "
       "17592186044415), got '2'"},
  };
  for (const auto& [text, message] : too_many) {
    const std::string path = dir.write("huge.txt", text);
    CHECK_THROWS_WITH(Vocabulary::load(path, 2), Catch::Contains(path + message));
  }
  CHECK(Vocabulary::load(dir.write("most.txt", "a 17592186044415\nb 1\n")).total_count() ==
        gv::kMaxTotalCount);
  // The sum of counts that each fit, as a model's and a corpus's make (continue_vocabulary).
  CHECK_THROWS_WITH(Vocabulary::build(WordCounts{{"a", {gv::kMaxTotalCount, 0}}, {"b", {1, 1}}}),
                    Catch::Contains("Vocabulary: the counts add up to more than 2^44 "
                                    "(17592186044416) tokens"));
  const std::string empty = dir.write("empty.txt", "\n\n");
  CHECK_THROWS_WITH(Vocabulary::load(empty), Catch::Contains(empty + ": no words"));
  CHECK_THROWS_WITH(Vocabulary::load(dir.file("missing.txt")),
                    Catch::Equals(dir.file("missing.txt") + ": vocabulary not found"));
}

TEST_CASE("Vocabulary::load refuses what is no file of words before it takes memory or blocks",
          "[vocabulary][io][errors]") {
  const ScratchDir dir("vocab_unbounded");
  // Opening a FIFO would wait for a writer; a device may never end.
  const std::string fifo = dir.file("fifo");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK_THROWS_WITH(Vocabulary::load(fifo),
                    Catch::Equals(fifo + ": vocabulary is a FIFO, not a regular file"));
  CHECK_THROWS_WITH(
      Vocabulary::load("/dev/zero"),
      Catch::Equals("/dev/zero: vocabulary is a character device, not a regular file"));
  // A file with no line end within the limit every reader of words keeps to.
  const std::string endless =
      dir.write("zeros.txt", std::string(static_cast<size_t>(gv::kMaxWordLineBytes) + 1, '\0'));
  CHECK_THROWS_WITH(Vocabulary::load(endless),
                    Catch::Equals(endless + ":1: line longer than 1048576 bytes, the limit for a "
                                            "line of words"));
}

TEST_CASE("Vocabulary::load refuses words that no vector file can hold, by file and line",
          "[vocabulary][io][errors]") {
  const ScratchDir dir("vocab_unwritable_words");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {std::string("the 5\nfo\0o 3\n", 13), ":2: the word 'fo\\x00o' contains the byte \\x00"},
      {"the 5\na\vb 3\n", ":2: the word 'a\\x0bb' contains the byte \\x0b"},
      {"the 5\na\rb 3\n", ":2: the word 'a\\x0db' contains the byte \\x0d"},
  };
  for (const auto& [text, message] : cases) {
    CAPTURE(text);
    const std::string path = dir.write("bad.txt", text);
    CHECK_THROWS_WITH(Vocabulary::load(path), Catch::Contains(path + message));
  }
}

TEST_CASE("Vocabulary::load drops a UTF-8 byte order mark from the first word",
          "[vocabulary][io]") {
  const ScratchDir dir("vocab_bom");
  const Vocabulary vocab = Vocabulary::load(dir.write("bom.txt", "\xEF\xBB\xBFthe 5\ncat 2\n"));
  CHECK(words_of(vocab) == std::vector<std::string>{"the", "cat"});
  CHECK(vocab.id("the") == 0);
}

TEST_CASE("Vocabulary::save names the path it cannot write", "[vocabulary][io][errors]") {
  const ScratchDir dir("vocab_unwritable");
  const std::string path = dir.file("no_such_dir/vocab.txt");
  CHECK_THROWS_WITH(Vocabulary::build(kCounts).save(path), Catch::Contains(path));
}
