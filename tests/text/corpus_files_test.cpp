// Corpora of several files (text/corpus/corpus.h): read as one stream with a sentence end
// between files, split into thread ranges across files, resumed across files, and fingerprinted in
// order.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tests/scratch_dir.h"
#include "tests/text/corpus_sentences.h"
#include "text/corpus/corpus.h"
#include "text/corpus/corpus_fingerprint.h"
#include "text/corpus/corpus_reader.h"

namespace gv::testing {

namespace {

// Three files, one empty and one without a final newline, so that every kind of file end
// meets a file start: "w0 .. w4\nw5\n" "" "w6 w7" "w8\nw9 w10\n".
Corpus three_files(const ScratchDir& dir) {
  return Corpus({dir.write("a.txt", "w0 w1 w2 w3 w4\nw5\n"), dir.write("empty.txt", ""),
                 dir.write("b.txt", "w6 w7"), dir.write("c.txt", "w8\nw9 w10\n")},
                "three files");
}

}  // namespace

TEST_CASE("A corpus of several files is one stream with a sentence end between files",
          "[corpus][files]") {
  const ScratchDir dir("corpus_files_stream");
  const Corpus corpus = three_files(dir);
  CHECK(corpus.size() == 33);
  CHECK(corpus.file_count() == 4);
  CHECK(corpus.start(2) == 18);
  CHECK(corpus.end(2) == 23);
  CHECK(corpus.file_at(18) == 2);  // the empty file holds no byte: b.txt holds byte 18
  CHECK(corpus.is_file_boundary(18));
  CHECK(corpus.is_file_boundary(23));
  CHECK_FALSE(corpus.is_file_boundary(19));
  const Vocabulary vocab = Vocabulary::build(gv::count_words(corpus));
  CHECK(vocab.total_count() == 11);
  for (const int64_t chunk : {1, 4, 1 << 20}) {
    CAPTURE(chunk);
    CorpusReader reader(corpus, {}, chunk);
    // "w7" ends b.txt without a newline, and still does not join "w8".
    CHECK(read_words(reader, vocab) ==
          Sentences{{"w0", "w1", "w2", "w3", "w4"}, {"w5"}, {"w6", "w7"}, {"w8"}, {"w9", "w10"}});
  }
  TokenizerOptions one_stream;
  one_stream.line_is_sentence = false;
  CorpusReader reader(corpus, one_stream, 3);
  CHECK(read_words(reader, vocab) ==
        Sentences{{"w0", "w1", "w2", "w3", "w4", "w5"}, {"w6", "w7"}, {"w8", "w9", "w10"}});
}

TEST_CASE("Ranges split across files read every token exactly once", "[corpus][files][split]") {
  const ScratchDir dir("corpus_files_split");
  const Corpus corpus = three_files(dir);
  const Vocabulary vocab = Vocabulary::build(gv::count_words(corpus));
  CorpusReader whole(corpus);
  const Sentences all = read_words(whole, vocab);
  for (const int64_t parts : {1, 2, 3, 5, 9, 40}) {
    CAPTURE(parts);
    const std::vector<ByteRange> ranges = gv::split_corpus(corpus, parts);
    REQUIRE(static_cast<int64_t>(ranges.size()) == parts);
    CHECK(ranges.back().end == corpus.size());
    Sentences joined;
    for (size_t i = 0; i < ranges.size(); ++i) {
      if (i > 0) CHECK(ranges[i].begin == ranges[i - 1].end);
      CorpusReader reader(corpus, {}, 2);
      reader.set_range(ranges[i]);
      for (auto& sentence : read_words(reader, vocab)) joined.push_back(std::move(sentence));
    }
    CHECK(joined == all);
    // The counting pass over those ranges counts what one pass does.
    CHECK(Vocabulary::build(gv::count_words(corpus, {}, static_cast<int>(parts))).counts() ==
          vocab.counts());
  }
  // A share of the corpus (an MPI rank's) splits the same way within its bounds: the shares'
  // parts are the corpus's ranges, read by more readers.
  for (const int64_t shares : {1, 2, 3}) {
    CAPTURE(shares);
    Sentences joined;
    for (const ByteRange& share : gv::split_corpus(corpus, shares)) {
      const std::vector<ByteRange> parts = gv::split_corpus(corpus, 2, share);
      REQUIRE(parts.size() == 2);
      CHECK(parts.front().begin == share.begin);
      CHECK(parts.back().end == share.end);
      CHECK(parts[0].end == parts[1].begin);
      for (const ByteRange& part : parts) {
        CorpusReader reader(corpus, {}, 2);
        reader.set_range(part);
        for (auto& sentence : read_words(reader, vocab)) joined.push_back(std::move(sentence));
      }
    }
    CHECK(joined == all);
  }
  CHECK(gv::split_corpus(corpus, 3, {0, corpus.size()}) == gv::split_corpus(corpus, 3));
  // A cut inside b.txt, which has no newline, falls on its end rather than in a word.
  const Corpus b_d({corpus.path(2), dir.write("d.txt", "w8\n")}, "b and d");
  CHECK(gv::split_corpus(b_d, 2) == std::vector<ByteRange>{{0, 5}, {5, 8}});
}

TEST_CASE("A reader resumes across files where position() was taken", "[corpus][files][resume]") {
  const ScratchDir dir("corpus_files_resume");
  const Corpus corpus = three_files(dir);
  const Vocabulary vocab = Vocabulary::build(gv::count_words(corpus));
  for (const bool line_is_sentence : {true, false}) {
    CAPTURE(line_is_sentence);
    TokenizerOptions options;
    options.line_is_sentence = line_is_sentence;
    CorpusReader reader(corpus, options, 3);
    const auto [positions, sentences] = gv::testing::read_with_positions(reader, vocab);
    for (size_t k = 0; k < positions.size(); ++k) {
      CAPTURE(k);
      CorpusReader resumed(corpus, options, 4);
      resumed.seek(positions[k]);
      CHECK(read_words(resumed, vocab) == Sentences(sentences.begin() + k, sentences.end()));
    }
  }
  // A file start is a resume point even after a file without a final newline; the middle of
  // a word is not.
  CorpusReader reader(corpus);
  reader.seek({23, 0});
  CHECK(read_words(reader, vocab) == Sentences{{"w8"}, {"w9", "w10"}});
  CHECK_THROWS_WITH(reader.seek({20, 0}),
                    Catch::Contains("three files") && Catch::Contains("is not at a line start"));
}

TEST_CASE("A corpus's fingerprint covers its files in order and where they end",
          "[corpus][files][fingerprint]") {
  const ScratchDir dir("corpus_files_fingerprint");
  const std::string ab = dir.write("ab.txt", "alpha beta\n"), c = dir.write("c.txt", "gamma\n");
  const std::string a = dir.write("a.txt", "alpha "), bc = dir.write("bc.txt", "beta\ngamma\n");
  const gv::CorpusFingerprint in_order = gv::fingerprint_corpus(Corpus({ab, c}, "ab c"));
  CHECK(in_order.bytes == 17);
  // One file fingerprints as it always has, so older checkpoints still resume.
  CHECK(gv::fingerprint_corpus(Corpus({ab}, "ab")) == gv::fingerprint_corpus(ab));
  CHECK(gv::fingerprint_corpus(Corpus({c, ab}, "c ab")).hash != in_order.hash);
  CHECK(gv::fingerprint_corpus(Corpus({a, bc}, "a bc")).hash != in_order.hash);  // same bytes
  CHECK(gv::fingerprint_corpus(Corpus({ab, c}, "again")) == in_order);
}

TEST_CASE("corpus_files reads a directory's files in name order and names what it refuses",
          "[corpus][files]") {
  const ScratchDir dir("corpus_files_of");
  const std::filesystem::path root = dir.path() / "texts";
  std::filesystem::create_directories(root / "sub");
  for (const std::string name : {"b.txt", "a.txt", "B.txt", ".hidden", "sub/inner.txt"})
    dir.write("texts/" + name, "word\n");
  const Corpus corpus(gv::corpus_files({root.string()}));
  CHECK(corpus.name() == "3 files in " + root.string());
  REQUIRE(corpus.file_count() == 3);
  // Byte-wise order: upper case before lower; no hidden file, nothing from the subdirectory.
  CHECK(corpus.path(0) == (root / "B.txt").string());
  CHECK(corpus.path(1) == (root / "a.txt").string());
  CHECK(corpus.path(2) == (root / "b.txt").string());

  CHECK(Corpus(gv::corpus_files({corpus.path(1)})).name() == corpus.path(1));
  CHECK(Corpus(gv::corpus_files({corpus.path(2), corpus.path(1)})).path(0) == corpus.path(2));
  CHECK_THROWS_WITH(Corpus(gv::corpus_files({(root / "sub").string(), corpus.path(1)})),
                    Catch::StartsWith((root / "sub").string() + ": a directory in a list"));
  CHECK_THROWS_WITH(Corpus(gv::corpus_files({corpus.path(1), (root / "missing.txt").string()})),
                    (root / "missing.txt").string() + ": corpus not found");
  std::filesystem::create_directories(root / "empty");
  dir.write("texts/empty/.keep", "");
  CHECK_THROWS_WITH(
      Corpus(gv::corpus_files({(root / "empty").string()})),
      Catch::StartsWith((root / "empty").string() + ": the corpus directory holds no files"));
}

TEST_CASE("A gzip'd corpus file reads and fingerprints as its text", "[corpus][files][gzip]") {
  const ScratchDir dir("corpus_files_gzip");
  // gzip -n of "w0 w1\nw2" (no final newline): the name does not matter, the magic bytes do.
  const std::string gzipped(
      "\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03\x2b\x37\x50\x28\x37\xe4\x2a\x37\x02\x00\xf8\x7f"
      "\x23\xca\x08\x00\x00\x00",
      28);
  const std::string packed = dir.write("a.data", gzipped);
  const Corpus corpus({packed, dir.write("b.txt", "w3\n")}, "a and b");
  CHECK(corpus.size() == 11);
  CHECK(corpus.file_name(0) == packed);
  CHECK(corpus.path(0) != packed);  // the spool's
  const Vocabulary vocab = Vocabulary::build(gv::count_words(corpus, {}, 2));
  CorpusReader reader(corpus);
  CHECK(read_words(reader, vocab) == Sentences{{"w0", "w1"}, {"w2"}, {"w3"}});

  // corpus_files checks a gzip'd file without decompressing it; the Corpus reads it.
  const std::string cut = dir.write("cut.gz", gzipped.substr(0, 15));
  const gv::CorpusFiles files = gv::corpus_files({cut});
  CHECK(files.paths == std::vector<std::string>{cut});
  CHECK_THROWS_WITH(Corpus(files), Catch::StartsWith(cut + ": corrupt gzip corpus"));
  const Corpus plain({dir.write("a.txt", "w0 w1\nw2"), corpus.path(1)}, "plain");
  CHECK(gv::fingerprint_corpus(corpus) == gv::fingerprint_corpus(plain));

  const std::string truncated = dir.write("t.gz", gzipped.substr(0, 20));
  CHECK_THROWS_WITH(Corpus(truncated), truncated + ": corrupt gzip corpus: unexpected end of file");

  // Members one after another read as their texts joined (gzip -c a >x; gzip -c b >>x); any
  // other bytes after the last member are refused at their offset, not ignored.
  const Corpus members(dir.write("two.gz", gzipped + gzipped));
  CHECK(members.size() == 16);
  std::ifstream spooled(members.path(0), std::ios::binary);
  CHECK(std::string(std::istreambuf_iterator<char>(spooled), {}) == "w0 w1\nw2w0 w1\nw2");
  for (const std::string& tail :
       {std::string("garbage"), std::string("\x1f"), std::string(1, '\0')}) {
    const std::string trailing = dir.write("trailing.gz", gzipped + gzipped + tail);
    CHECK_THROWS_WITH(Corpus(trailing), trailing +
                                            ": corrupt gzip corpus: bytes that are not gzip data "
                                            "follow its last member, from byte offset 56");
  }
}

}  // namespace gv::testing
