#include <sys/stat.h>

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "autograd/rng.h"
#include "tests/scratch_dir.h"
#include "tests/text/corpus_sentences.h"
#include "text/corpus/corpus_fingerprint.h"
#include "text/corpus/corpus_reader.h"

namespace gv::testing {

namespace {

Vocabulary vocab_of(const std::string& path, const TokenizerOptions& options = {}) {
  return Vocabulary::build(gv::count_words(path, options));
}

// "w0 w1 ... w{n-1}": n distinct words on one line.
std::string numbered_words(int n) {
  std::string text;
  for (int i = 0; i < n; ++i) text += (i ? " w" : "w") + std::to_string(i);
  return text;
}

}  // namespace

TEST_CASE("CorpusReader yields sentences of known ids and skips sentences left empty", "[corpus]") {
  const ScratchDir dir("corpus_basic");
  const std::string path = dir.write("c.txt", "The cat sat.\nZzz qqq!\n\nthe DOG\nsat");
  const Vocabulary vocab =
      Vocabulary::build({{"the", {2, 0}}, {"cat", {1, 1}}, {"dog", {1, 6}}, {"sat", {2, 2}}});
  CorpusReader reader(path);
  CHECK(reader.size() == 34);
  CHECK(read_words(reader, vocab) == Sentences{{"the", "cat", "sat"}, {"the", "dog"}, {"sat"}});
  std::vector<int64_t> ids = {1, 2};
  CHECK_FALSE(reader.next_sentence(vocab, ids));  // stays at the end
  CHECK(ids.empty());
  reader.rewind();  // a second epoch reads the same
  CHECK(read_words(reader, vocab).size() == 3);
}

TEST_CASE("count_words counts every token of the file", "[corpus]") {
  const ScratchDir dir("corpus_count");
  const std::string path = dir.write("c.txt",
                                     "The cat. the CAT's cat\n\xff"
                                     "cat\n");
  // Tokens: the cat the cat's cat cat; each word's count and first token index.
  const WordCounts counts = gv::count_words(path);
  CHECK(counts == WordCounts{{"the", {2, 0}}, {"cat", {3, 1}}, {"cat's", {1, 3}}});
  TokenizerOptions keep_case;
  keep_case.lowercase = false;
  CHECK(gv::count_words(path, keep_case) ==
        WordCounts{{"The", {1, 0}}, {"the", {1, 2}}, {"cat", {3, 1}}, {"CAT's", {1, 3}}});
  // Split over threads, the slices' counts add up to the same totals.
  for (const int threads : {2, 3, 7}) CHECK(gv::count_words(path, {}, threads) == counts);
}

TEST_CASE("count_words gives first appearances in the whole file whatever the threads",
          "[corpus]") {
  const ScratchDir dir("corpus_first");
  // Line i is "s w<i> w<i/2>", 3 tokens: w<j> first appears at token 3j + 1 (line j comes
  // before lines 2j and 2j + 1), w0..w5 occur 3 times and w6..w11 once.
  const auto word = [](int j) { return std::string("w") + std::to_string(j); };
  std::string text;
  for (int i = 0; i < 12; ++i) text += "s " + word(i) + ' ' + word(i / 2) + '\n';
  const std::string path = dir.write("c.txt", text);
  const WordCounts counts = gv::count_words(path);
  CHECK(counts.size() == 13);
  REQUIRE(counts.find("s") != nullptr);
  CHECK(*counts.find("s") == gv::WordCount{12, 0});
  const Vocabulary vocab = Vocabulary::build(counts);
  CHECK(vocab.id("s") == 0);
  for (int j = 0; j < 12; ++j) {
    CAPTURE(j);
    REQUIRE(counts.find(word(j)) != nullptr);
    CHECK(*counts.find(word(j)) == gv::WordCount{j < 6 ? 3 : 1, 3 * j + 1});
    // Ties in count keep first appearance, so w10 and w11 follow w9 (bytes would put them
    // before w2).
    CHECK(vocab.id(word(j)) == j + 1);
  }
  for (const int threads : {1, 2, 3, 7}) {
    CAPTURE(threads);
    CHECK(gv::count_words(path, {}, threads) == counts);
  }
  // Counting the ranges in order into one table continues the token numbering.
  WordCounts in_parts;
  for (const ByteRange& range : gv::split_corpus(path, 3)) {
    CorpusReader reader(path);
    reader.set_range(range);
    reader.count_words(in_parts);
  }
  CHECK(in_parts == counts);
}

TEST_CASE("A corpus's vocabulary breaks count ties by first appearance", "[corpus]") {
  const ScratchDir dir("corpus_ties");
  // All three words occur twice; b is met first, then a, then c.
  const Vocabulary vocab = vocab_of(dir.write("c.txt", "b a c a b c\n"));
  CHECK(vocab.id("b") == 0);
  CHECK(vocab.id("a") == 1);
  CHECK(vocab.id("c") == 2);
  // A count still outranks an earlier first appearance: c occurs three times here.
  const Vocabulary more_c = vocab_of(dir.write("more_c.txt", "b a\nc a b c\nd c\n"));
  CHECK(more_c.id("c") == 0);
  CHECK(more_c.id("b") == 1);
  CHECK(more_c.id("a") == 2);
  CHECK(more_c.id("d") == 3);
}

TEST_CASE("CorpusReader gives the same sentences whatever its chunk size", "[corpus][chunks]") {
  const ScratchDir dir("corpus_chunks");
  // Multibyte letters, apostrophes and newlines land on chunk boundaries for small chunks.
  const std::string text =
      "hello world\nO\u2019er caf\u00e9 we'll \xe6\x97\xa5\xe6\x9c\xac\r\n"
      "know't, \U0001F600smile\n\nlast line";
  const std::string path = dir.write("c.txt", text);
  const Vocabulary vocab = vocab_of(path);
  const Sentences expected = {{"hello", "world"},
                              {"o'er", "caf\u00e9", "we'll", "\xe6\x97\xa5\xe6\x9c\xac"},
                              {"know't", "\U0001F600smile"},
                              {"last", "line"}};
  for (const int64_t chunk : {1, 2, 3, 4, 5, 7, 11, 13, 1 << 20}) {
    CAPTURE(chunk);
    CorpusReader reader(path, {}, chunk);
    CHECK(read_words(reader, vocab) == expected);
    WordCounts counts;
    CorpusReader counter(path, {}, chunk);
    counter.count_words(counts);
    CHECK(counts == gv::count_words(path));
  }
}

TEST_CASE("CorpusReader cuts long sentences at kMaxSentenceTokens tokens", "[corpus]") {
  const ScratchDir dir("corpus_cap");
  const std::string path = dir.write("c.txt", "a b\n" + numbered_words(2500) + "\nc\n");
  const Vocabulary vocab = vocab_of(path);
  CorpusReader reader(path, {}, 4096);
  const Sentences sentences = read_words(reader, vocab);
  REQUIRE(sentences.size() == 5);
  CHECK(sentences[1].size() == 1000);
  CHECK(sentences[2].size() == 1000);
  CHECK(sentences[3].size() == 500);
  CHECK(sentences[2].front() == "w1000");
  CHECK(sentences[3].back() == "w2499");
  // Without line ends the whole text is one stream, still cut every 1000 tokens.
  TokenizerOptions one_stream;
  one_stream.line_is_sentence = false;
  CorpusReader stream(path, one_stream, 4096);
  const Sentences pieces = read_words(stream, vocab);
  REQUIRE(pieces.size() == 3);
  CHECK(pieces[0].size() == 1000);
  CHECK(pieces[0][2] == "w0");
  CHECK(pieces[2].size() == 503);  // "a b", 2500 words and "c": 2503 - 2000
}

TEST_CASE("CorpusReader's total equals the vocabulary's total count", "[corpus]") {
  const ScratchDir dir("corpus_total");
  const std::string path =
      dir.write("c.txt", "to be or not to be\nthat is the question\nto sleep perchance\n");
  for (const int64_t min_count : {1, 2}) {
    const Vocabulary vocab = Vocabulary::build(gv::count_words(path), min_count);
    CorpusReader reader(path, {}, 5);
    int64_t total = 0;
    for (const auto& sentence : read_words(reader, vocab)) total += sentence.size();
    CHECK(total == vocab.total_count());
  }
  CHECK(Vocabulary::build(gv::count_words(path), 2).total_count() == 5);  // to x3, be x2
}

TEST_CASE("CorpusReader reads binary files without failing", "[corpus][utf8]") {
  const ScratchDir dir("corpus_binary");
  gv::Rng rng(5);
  std::string bytes(200000, '\0');
  for (char& byte : bytes) byte = static_cast<char>(rng.below(256));
  const std::string path = dir.write("random.bin", bytes);
  const Vocabulary vocab = vocab_of(path);
  CHECK(vocab.size() > 100);  // random bytes do hold letters, digits and valid UTF-8
  CorpusReader reader(path, {}, 1000);
  int64_t total = 0;
  for (const auto& sentence : read_words(reader, vocab)) total += sentence.size();
  CHECK(total == vocab.total_count());
}

TEST_CASE("CorpusReader resumes exactly where position() was taken", "[corpus][resume]") {
  const ScratchDir dir("corpus_resume");
  const std::string path = dir.write(
      "c.txt", "one two\n\nthree four five\n" + numbered_words(2300) + "\n...\nsix\nseven eight");
  const Vocabulary vocab = vocab_of(path);
  for (const bool line_is_sentence : {true, false}) {
    CAPTURE(line_is_sentence);
    TokenizerOptions options;
    options.line_is_sentence = line_is_sentence;
    // Take the position before every sentence of one pass, then resume from each.
    CorpusReader reader(path, options, 7);
    const auto [positions, sentences] = gv::testing::read_with_positions(
        reader, vocab);  // the empty "sentence" before the first read
    CHECK(sentences.size() == (line_is_sentence ? 7u : 3u));
    CHECK(positions.front() == CorpusPosition{0, 0});
    for (size_t k = 0; k < positions.size(); ++k) {
      CAPTURE(k);
      CorpusReader resumed(path, options, 5);  // another chunk size changes nothing
      resumed.seek(positions[k]);
      CHECK(resumed.position() == positions[k]);
      CHECK(read_words(resumed, vocab) == Sentences(sentences.begin() + k, sentences.end()));
    }
  }
}

TEST_CASE("A CorpusReader moved in the middle of a chunk reads on", "[corpus][chunks]") {
  const ScratchDir dir("corpus_move");
  const std::string path = dir.write("c.txt", "aa bb\ncc dd ee\nff\n");
  const Vocabulary vocab = vocab_of(path);
  CorpusReader reader(path, {}, 4);  // small chunks: the reader's buffer is mid-chunk
  std::vector<int64_t> ids;
  REQUIRE(reader.next_sentence(vocab, ids));
  CorpusReader moved = std::move(reader);
  CHECK(read_words(moved, vocab) == Sentences{{"cc", "dd", "ee"}, {"ff"}});
}

TEST_CASE("CorpusReader positions are line starts plus sentences cut from that line",
          "[corpus][resume]") {
  const ScratchDir dir("corpus_positions");
  const std::string long_line = numbered_words(2300);
  const std::string text = "one two\n\nthree four five\n" + long_line + "\n...\nsix\nseven";
  const std::string path = dir.write("c.txt", text);
  const Vocabulary vocab = vocab_of(path);
  const int64_t long_line_start = 25;  // "one two\n" + "\n" + "three four five\n"
  const int64_t six_start = long_line_start + static_cast<int64_t>(long_line.size()) + 1 + 4;
  const std::vector<CorpusPosition> expected = {
      {8, 0},                // after "one two\n"
      {long_line_start, 0},  // the blank line made no sentence, so no resume point
      {long_line_start, 1},  // w0..w999 was cut from the line starting there
      {long_line_start, 2},  // w1000..w1999
      {six_start - 4, 0},    // after the long line; "...\n" has no tokens
      {six_start + 4, 0},    // after "six\n"
      {static_cast<int64_t>(text.size()), 0},  // the end
  };
  CorpusReader reader(path, {}, 3);
  std::vector<int64_t> ids;
  for (const CorpusPosition& position : expected) {
    REQUIRE(reader.next_sentence(vocab, ids));
    CHECK(reader.position() == position);
  }
  CHECK_FALSE(reader.next_sentence(vocab, ids));
}

TEST_CASE("CorpusReader::seek rejects positions that are not resume points",
          "[corpus][resume][errors]") {
  const ScratchDir dir("corpus_seek_errors");
  const std::string path = dir.write("c.txt", "aa bb\ncc dd\n");
  CorpusReader reader(path);
  CHECK_THROWS_AS(reader.seek({3, 0}), std::invalid_argument);
  CHECK_THROWS_WITH(reader.seek({3, 0}), Catch::Contains("offset 3") && Catch::Contains(path) &&
                                             Catch::Contains("not at a line start"));
  CHECK_THROWS_AS(reader.seek({13, 0}), std::out_of_range);
  CHECK_THROWS_WITH(reader.seek({-1, 0}), Catch::Contains("offset -1"));
  CHECK_THROWS_WITH(reader.seek({6, -1}), Catch::Contains("-1 sentences"));
  CHECK_THROWS_AS(reader.seek({6, 2}), std::out_of_range);
  CHECK_THROWS_WITH(reader.seek({6, 2}), Catch::Contains("ends 1 sentences after it, not 2"));
  reader.seek({6, 1});  // valid: the end of the last sentence
  std::vector<int64_t> ids;
  CHECK_FALSE(reader.next_sentence(Vocabulary::build({{"cc", {1, 0}}}), ids));
}

TEST_CASE("CorpusReader says what a corpus path that is not a readable file is",
          "[corpus][errors]") {
  const ScratchDir dir("corpus_errors");
  const std::string missing = dir.file("missing.txt");
  CHECK_THROWS_AS(CorpusReader(missing), std::runtime_error);
  CHECK_THROWS_WITH(CorpusReader(missing), Catch::Equals(missing + ": corpus not found"));
  CHECK_THROWS_WITH(gv::count_words(missing), Catch::Contains(missing));
  CHECK_THROWS_WITH(gv::split_corpus(missing, 2), Catch::Contains(missing));
  const std::string directory = dir.file("");
  CHECK_THROWS_WITH(CorpusReader(directory),
                    Catch::Equals(directory + ": corpus is a directory, not a file"));
  CHECK_THROWS_WITH(CorpusReader("/dev/null"),
                    Catch::Equals("/dev/null: corpus is a character device, not a regular file "
                                  "(a corpus is read more than once)"));
  // Refused from what it is, without opening it: opening a FIFO would wait for a writer.
  const std::string fifo = dir.file("fifo");
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  CHECK_THROWS_WITH(CorpusReader(fifo),
                    Catch::Contains(fifo + ": corpus is a FIFO, not a regular file"));
  const std::string path = dir.write("c.txt", "abc\n");
  CHECK_THROWS_WITH(CorpusReader(path, {}, 0),
                    Catch::Contains("chunk_bytes") && Catch::Contains("got 0"));
  CorpusReader reader(path);
  CHECK_THROWS_AS(reader.set_range({2, 5}), std::out_of_range);
  CHECK_THROWS_WITH(reader.set_range({2, 5}),
                    Catch::Contains("[2, 5)") && Catch::Contains("4 bytes"));
  CHECK_THROWS_WITH(reader.set_range({3, 2}), Catch::Contains("[3, 2)"));
  CHECK_THROWS_WITH(gv::split_corpus(path, 0),
                    Catch::Contains("parts") && Catch::Contains("got 0"));
}

TEST_CASE("split_corpus cuts at line starts and the ranges read the whole corpus",
          "[corpus][split]") {
  const ScratchDir dir("corpus_split");
  std::string text;
  for (int line = 0; line < 40; ++line) text += numbered_words(line % 7 + 1) + "\n";
  const std::string path = dir.write("c.txt", text);
  const Vocabulary vocab = vocab_of(path);
  CorpusReader whole(path);
  const Sentences all = read_words(whole, vocab);
  for (const int64_t parts : {1, 2, 3, 8}) {
    CAPTURE(parts);
    const std::vector<ByteRange> ranges = gv::split_corpus(path, parts);
    REQUIRE(static_cast<int64_t>(ranges.size()) == parts);
    CHECK(ranges.front().begin == 0);
    CHECK(ranges.back().end == static_cast<int64_t>(text.size()));
    Sentences joined;
    for (size_t i = 0; i < ranges.size(); ++i) {
      if (i > 0) {
        CHECK(ranges[i].begin == ranges[i - 1].end);
        CHECK(text[ranges[i].begin - 1] == '\n');
      }
      // Roughly equal shares: no range is more than a line longer than size / parts.
      CHECK(ranges[i].end - ranges[i].begin <= static_cast<int64_t>(text.size()) / parts + 40);
      CorpusReader reader(path, {}, 16);
      reader.set_range(ranges[i]);
      for (auto& sentence : read_words(reader, vocab)) joined.push_back(std::move(sentence));
    }
    CHECK(joined == all);
  }
}

TEST_CASE(
    "split_corpus falls back to word boundaries without newlines and may leave empty "
    "ranges",
    "[corpus][split]") {
  const ScratchDir dir("corpus_split_words");
  const std::string text = numbered_words(300);  // one line, no newline at all
  const std::string path = dir.write("c.txt", text);
  const std::vector<ByteRange> ranges = gv::split_corpus(path, 4);
  const Vocabulary vocab = vocab_of(path);
  int64_t words = 0;
  for (size_t i = 0; i < ranges.size(); ++i) {
    CHECK(ranges[i].end > ranges[i].begin);
    if (i > 0) CHECK(text[ranges[i].begin - 1] == ' ');
    CorpusReader reader(path);
    reader.set_range(ranges[i]);
    for (const auto& sentence : read_words(reader, vocab)) words += sentence.size();
  }
  CHECK(words == 300);  // no word was cut in two

  const std::string two_lines = dir.write("two.txt", "alpha beta\ngamma\n");
  const std::vector<ByteRange> many = gv::split_corpus(two_lines, 5);
  int64_t empty = 0;
  for (const ByteRange& range : many) empty += range.begin == range.end ? 1 : 0;
  CHECK(empty >= 3);
  CHECK(many.back().end == 17);
}

TEST_CASE("count_words under --max-vocab-size keeps the frequent words' counts, deterministically",
          "[corpus][prune]") {
  const std::string path = GRADVEC_SOURCE_DIR "/data/tinyshakespeare.txt";
  const WordCounts exact = gv::count_words(path);
  REQUIRE(exact.size() > 10000);  // about 12 k distinct words
  const WordCounts one_thread = gv::count_words(path, {}, 1, 2000);
  for (const int threads : {1, 2, 3}) {
    CAPTURE(threads);
    const WordCounts pruned = gv::count_words(path, {}, threads, 2000);
    CHECK(pruned.size() <= 2000);
    CHECK(pruned.dropped_up_to() == one_thread.dropped_up_to());
    CHECK(pruned.tokens() == exact.tokens());
    CHECK(pruned == one_thread);  // the same words, counts and first appearances
    // Counts only lose what a drop took, so none grows; the hundred most frequent words
    // outgrow every threshold and are there at the end (a word met early may have been dropped
    // once, when it had been seen only once: word2vec.c and gensim lose those too).
    for (const auto& [word, seen] : pruned) CHECK(seen.count <= exact.find(word)->count);
    const Vocabulary top = Vocabulary::build(exact, 1, 100);
    for (int64_t id = 0; id < top.size(); ++id) CHECK(pruned.find(top.word(id)) != nullptr);
  }
}

TEST_CASE("count_words prunes as one pass does at every thread count", "[corpus][prune]") {
  const ScratchDir dir("corpus_prune");
  // A limit of 3 words. Tokens 0-3 give a:3 b:1; at token 5, d is the 4th word: every word seen
  // once goes (b, c, d) and the threshold becomes 2. Tokens 6-8 bring b back (from zero) twice
  // and e; at token 9, f is the 4th word: b, e and f, seen twice or less, go. Then a is seen a
  // 4th time at token 10, and b comes back at 11 and is seen three times.
  const std::string path = dir.write("c.txt", "a a a b\nc d\nb b e\nf a b b b\n");
  const WordCounts by_hand{{"a", {4, 0}}, {"b", {3, 11}}};
  for (const int threads : {1, 2, 3}) {
    CAPTURE(threads);
    const WordCounts counts = gv::count_words(path, {}, threads, 3);
    CHECK(counts == by_hand);
    CHECK(counts.tokens() == 14);
    CHECK(counts.dropped_up_to() == 2);
  }
  // A limit below the thread count: each slice's one word fits its share of 1, but not the
  // merge. One pass: a a, then b passes the limit and goes (seen once); at the second b, b
  // passes it again, and a and b (seen twice or less) both go.
  const std::string two = dir.write("two.txt", "a a\nb b\n");
  for (const int threads : {1, 2}) {
    CAPTURE(threads);
    const WordCounts counts = gv::count_words(two, {}, threads, 1);
    CHECK(counts.empty());
    CHECK(counts.tokens() == 4);
    CHECK(counts.dropped_up_to() == 2);
  }
}

TEST_CASE("A corpus fingerprint is its size and the XXH64 of its bytes", "[corpus][fingerprint]") {
  const ScratchDir dir("fingerprint");
  // XXH64's published values, seed 0.
  CHECK(gv::fingerprint_corpus(dir.write("empty.txt", "")) ==
        gv::CorpusFingerprint{0, 0xEF46DB3751D8E999ULL});
  CHECK(gv::fingerprint_corpus(dir.write("abc.txt", "abc")) ==
        gv::CorpusFingerprint{3, 0x44BC2CF5AD770999ULL});
  // Three 1 MiB blocks and a tail of 45 bytes: a 32-byte stripe, then 8, 4 and 1 bytes. The value
  // is libxxhash's XXH64 of the same bytes.
  std::string bytes(3 * (size_t{1} << 20) + 45, '\0');
  for (uint32_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>((i * 2654435761u) >> 24);
  CHECK(gv::fingerprint_corpus(dir.write("big.txt", bytes)) ==
        gv::CorpusFingerprint{static_cast<int64_t>(bytes.size()), 0xE1566D1F5942F857ULL});
  // The same of the bytes in memory, as the character model fingerprints its corpus.
  CHECK(gv::fingerprint_bytes("abc") == gv::CorpusFingerprint{3, 0x44BC2CF5AD770999ULL});
  CHECK(gv::fingerprint_bytes(bytes) ==
        gv::CorpusFingerprint{static_cast<int64_t>(bytes.size()), 0xE1566D1F5942F857ULL});
  // One byte changed anywhere changes it.
  bytes[bytes.size() / 2] ^= 1;
  CHECK(gv::fingerprint_corpus(dir.write("changed.txt", bytes)).hash != 0xE1566D1F5942F857ULL);
  CHECK_THROWS_WITH(gv::fingerprint_corpus(dir.file("missing.txt")),
                    Catch::Contains("missing.txt: corpus not found"));
}

}  // namespace gv::testing
