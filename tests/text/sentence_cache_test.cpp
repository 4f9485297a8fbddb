// SentenceCache (text/corpus/sentence_cache.h): what the counting pass keeps must replay as
// CorpusReader::next_sentence reads the file, sentence for sentence and position for position.
#include <catch2/catch.hpp>

#include <algorithm>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "autograd/rng.h"
#include "tests/scratch_dir.h"
#include "text/corpus/corpus.h"
#include "text/corpus/corpus_reader.h"
#include "text/corpus/sentence_cache.h"
#include "text/tokenizer.h"
#include "text/vocabulary.h"

namespace gv::testing {

namespace {

constexpr int64_t kRoomy = int64_t{1} << 20;

// Sentences of ids with the position after each, as a reader or a cache yields them.
struct Replay {
  std::vector<std::vector<int64_t>> sentences;
  std::vector<CorpusPosition> after;
  bool operator==(const Replay&) const = default;
};

Replay read_file(CorpusReader& reader, const Vocabulary& vocab) {
  Replay replay;
  std::vector<int64_t> ids;
  while (reader.next_sentence(vocab, ids)) {
    replay.sentences.push_back(ids);
    replay.after.push_back(reader.position());
  }
  return replay;
}

Replay read_cache(const SentenceCache& cache, SentenceCache::Cursor at) {
  Replay replay;
  std::vector<int64_t> ids;
  while (cache.next(at, ids)) {
    replay.sentences.push_back(ids);
    replay.after.push_back(at.position);
  }
  CHECK(ids.empty());
  return replay;
}

// The ids of the words `counts` numbers, as training maps them (Vocabulary::kUnknown is -1).
std::vector<int32_t> ids_of(const WordCounts& counts, const Vocabulary& vocab) {
  std::vector<int32_t> ids;
  for (const auto& [word, seen] : counts) ids.push_back(static_cast<int32_t>(vocab.id(word)));
  return ids;
}

// Every kind of sentence end: lines, blank lines, a line whose words all fall below min-count
// (its sentence is left empty), a line of 2,500 words cut at 1,000 and 2,000, a last line
// without a newline, and a file end inside the corpus.
Corpus mixed_corpus(const ScratchDir& dir) {
  std::string long_line;
  for (int i = 0; i < 2500; ++i) long_line += (i % 3 ? "the " : "cat ");
  return Corpus(
      {dir.write("a.txt",
                 "the cat sat\n\nrare once\nthe dog\n" + long_line + "\ncat sat on the mat\n\n\n"),
       dir.write("b.txt", "dog sat\nalone\nthe end cat"), dir.write("c.txt", "end dog\n")},
      "mixed");
}

}  // namespace

TEST_CASE("A cache replays the reader's sentences and positions, in every thread's range",
          "[sentence_cache]") {
  const ScratchDir dir("sentence_cache_replay");
  const Corpus corpus = mixed_corpus(dir);
  for (const int threads : {1, 2, 3, 5}) {
    CAPTURE(threads);
    std::vector<SentenceCache> caches;
    const WordCounts counts =
        gv::count_words(corpus, {}, threads, WordCounts::kNoLimit, &caches, kRoomy);
    CHECK(counts == gv::count_words(corpus));  // recording changes no count
    const Vocabulary vocab = Vocabulary::build(counts, 2);
    CHECK(vocab.id("rare") == Vocabulary::kUnknown);
    const std::vector<ByteRange> ranges = gv::split_corpus(corpus, threads);
    REQUIRE(caches.size() == ranges.size());
    int64_t sentences = 0;
    for (size_t t = 0; t < ranges.size(); ++t) {
      CAPTURE(t);
      SentenceCache& cache = caches[t];
      REQUIRE(cache.usable());
      CHECK(cache.range() == ranges[t]);
      cache.map(ids_of(counts, vocab));
      CorpusReader reader(corpus);
      reader.set_range(ranges[t]);
      const Replay from_file = read_file(reader, vocab);
      CHECK(read_cache(cache, cache.begin()) == from_file);
      sentences += static_cast<int64_t>(from_file.sentences.size());
    }
    // 6 lines with known words, the long one in 3 pieces; "rare once" and "alone" are left empty.
    CHECK(sentences == 9);
  }
}

TEST_CASE("A table past the cache counts in batches what a small one counts token by token",
          "[sentence_cache][corpus]") {
  // 40,000 distinct words outgrow the cache, so counting moves from one token at a time to
  // whole sentences at once as the table grows: the counts, their order and the caches must be
  // those of the corpus's tokens counted one by one, whatever the threads.
  const ScratchDir dir("sentence_cache_batches");
  gv::Rng rng(3);
  std::string text;
  for (int line = 0; line < 8000; ++line) {
    for (uint64_t n = 1 + rng.below(20); n > 0; --n) {
      text += rng.below(4) ? " w" : ", W";  // capitals and punctuation too
      text += std::to_string(rng.below(40000));
    }
    text += '\n';
  }
  for (int i = 0; i < 2500; ++i) text += " v" + std::to_string(i % 700);  // cut twice
  const Corpus corpus(dir.write("c.txt", text));
  WordCounts expected;
  std::vector<std::vector<int64_t>> expected_sentences;
  for (const std::vector<std::string>& line : gv::tokenize(text)) {
    for (size_t i = 0; i < line.size(); ++i) {
      if (i % CorpusReader::kMaxSentenceTokens == 0) expected_sentences.emplace_back();
      expected_sentences.back().push_back(expected.count(line[i]));
    }
  }
  REQUIRE(expected.batches_pay());
  CHECK_FALSE(WordCounts().batches_pay());
  std::vector<int32_t> same(static_cast<size_t>(expected.size()));
  std::iota(same.begin(), same.end(), 0);
  for (const int threads : {1, 2}) {
    CAPTURE(threads);
    std::vector<SentenceCache> caches;
    const WordCounts counts =
        gv::count_words(corpus, {}, threads, WordCounts::kNoLimit, &caches, int64_t{16} << 20);
    CHECK(std::equal(counts.begin(), counts.end(), expected.begin(), expected.end(),
                     [](const WordCounts::Entry& a, const WordCounts::Entry& b) {
                       return a.word == b.word && a.seen == b.seen;
                     }));
    std::vector<std::vector<int64_t>> sentences;
    for (SentenceCache& cache : caches) {
      cache.map(same);
      const Replay replay = read_cache(cache, cache.begin());
      sentences.insert(sentences.end(), replay.sentences.begin(), replay.sentences.end());
    }
    CHECK(sentences == expected_sentences);
  }
}

TEST_CASE("A cache resumes wherever the reader can", "[sentence_cache]") {
  const ScratchDir dir("sentence_cache_find");
  const Corpus corpus = mixed_corpus(dir);
  std::vector<SentenceCache> caches;
  const WordCounts counts = gv::count_words(corpus, {}, 1, WordCounts::kNoLimit, &caches, kRoomy);
  const Vocabulary vocab = Vocabulary::build(counts, 2);
  SentenceCache& cache = caches.at(0);
  cache.map(ids_of(counts, vocab));
  CorpusReader whole(corpus);
  const Replay all = read_file(whole, vocab);
  std::vector<CorpusPosition> starts{{0, 0}};
  starts.insert(starts.end(), all.after.begin(), all.after.end());
  for (const CorpusPosition& start : starts) {
    CAPTURE(start.byte_offset, start.sentences_after);
    const std::optional<SentenceCache::Cursor> at = cache.find(start);
    REQUIRE(at);
    CHECK(at->position == start);
    CorpusReader reader(corpus);
    reader.seek(start);
    CHECK(read_cache(cache, *at) == read_file(reader, vocab));
  }
  // Inside a line, and past the corpus: no sentence ends there.
  CHECK_FALSE(cache.find({2, 0}));
  CHECK_FALSE(cache.find({corpus.size() + 1, 0}));
  CHECK_FALSE(cache.find({0, 1}));
}

TEST_CASE("A cache holds 4 bytes a token and 8 a sentence, and gives up past its budget",
          "[sentence_cache]") {
  const ScratchDir dir("sentence_cache_budget");
  const Corpus corpus(dir.write("c.txt", "a b c\n\nd e\nf\n"));  // 6 tokens, 3 sentences
  const int64_t needed = 6 * 4 + 3 * 8;
  for (const int64_t budget : {needed, needed - 1, int64_t{0}}) {
    CAPTURE(budget);
    std::vector<SentenceCache> caches;
    const WordCounts counts = gv::count_words(corpus, {}, 1, WordCounts::kNoLimit, &caches, budget);
    CHECK(counts == gv::count_words(corpus));
    REQUIRE(caches.size() == 1);
    CHECK(caches[0].usable() == (budget == needed));
    CHECK(caches[0].bytes() == (budget == needed ? needed : 0));
  }
  // Two ranges, "a b c\n" and "\nd e\nf\n", share the budget equally: the first needs 20
  // bytes, the second 28.
  for (const int64_t budget : {int64_t{40}, int64_t{39}}) {
    CAPTURE(budget);
    std::vector<SentenceCache> halves;
    gv::count_words(corpus, {}, 2, WordCounts::kNoLimit, &halves, budget);
    REQUIRE(halves.size() == 2);
    CHECK(halves[0].usable() == (budget == 40));
    CHECK_FALSE(halves[1].usable());
  }
}

TEST_CASE("A prune renumbers the words, so no cache survives one", "[sentence_cache]") {
  const ScratchDir dir("sentence_cache_prune");
  // Four words seen once, then one seen often: a limit of 3 words prunes while counting.
  const Corpus corpus(dir.write("c.txt", "w1 w2 w3 w4\nx x x x\nx x\n"));
  for (const int threads : {1, 2}) {
    CAPTURE(threads);
    std::vector<SentenceCache> caches;
    const WordCounts counts = gv::count_words(corpus, {}, threads, 3, &caches, kRoomy);
    REQUIRE(counts.dropped_up_to() > 0);
    for (const SentenceCache& cache : caches) CHECK_FALSE(cache.usable());
  }
}

TEST_CASE("Slices over their share of the limit are counted again on one thread, caches kept",
          "[sentence_cache][prune]") {
  const ScratchDir dir("sentence_cache_share");
  // Six distinct words fit a limit of 6, but the first of two slices holds four, past its share
  // of 3: counting starts over on one thread, which drops nothing, so both caches still replay
  // their slice as the file reads.
  const Corpus corpus(dir.write("c.txt", "a b c d\ne f\n"));
  std::vector<SentenceCache> caches;
  const WordCounts counts = gv::count_words(corpus, {}, 2, 6, &caches, kRoomy);
  CHECK(counts == gv::count_words(corpus));
  CHECK(counts.dropped_up_to() == 0);
  const Vocabulary vocab = Vocabulary::build(counts);
  const std::vector<ByteRange> ranges = gv::split_corpus(corpus, 2);
  REQUIRE(caches.size() == 2);
  for (size_t t = 0; t < 2; ++t) {
    CAPTURE(t);
    REQUIRE(caches[t].usable());
    CHECK(caches[t].range() == ranges[t]);
    caches[t].map(ids_of(counts, vocab));
    CorpusReader reader(corpus);
    reader.set_range(ranges[t]);
    CHECK(read_cache(caches[t], caches[t].begin()) == read_file(reader, vocab));
  }
}

TEST_CASE("Mapping words a cache's table never had is refused", "[sentence_cache][errors]") {
  SentenceCache cache({0, 10}, kRoomy);
  const int32_t words[] = {0, 2};
  cache.add(words, {4, 0});
  const int32_t two_words[] = {5, 6};
  CHECK_THROWS_WITH(cache.map(two_words), "SentenceCache::map: word 2 is not among the 2 mapped");
  CHECK_FALSE(cache.usable());
}

TEST_CASE("A position that does not follow the last one ends the recording",
          "[sentence_cache][errors]") {
  const int32_t word[] = {0};
  SentenceCache backwards({0, 10}, kRoomy);
  backwards.add(word, {4, 0});
  backwards.add(word, {3, 0});
  CHECK_FALSE(backwards.usable());
  SentenceCache skipped_cut({0, 10}, kRoomy);
  skipped_cut.add(word, {0, 2});  // a reader counts cut sentences one at a time
  CHECK_FALSE(skipped_cut.usable());
  SentenceCache cuts({0, 10}, kRoomy);
  cuts.add(word, {0, 1});
  cuts.add(word, {0, 2});
  cuts.add(word, {7, 0});
  REQUIRE(cuts.usable());
  const int32_t same[] = {0};
  cuts.map(same);
  std::vector<int64_t> ids;
  SentenceCache::Cursor at = cuts.begin();
  for (const CorpusPosition expected :
       {CorpusPosition{0, 1}, CorpusPosition{0, 2}, CorpusPosition{7, 0}}) {
    REQUIRE(cuts.next(at, ids));
    CHECK(ids == std::vector<int64_t>{0});
    CHECK(at.position == expected);
  }
  CHECK_FALSE(cuts.next(at, ids));
}

}  // namespace gv::testing
