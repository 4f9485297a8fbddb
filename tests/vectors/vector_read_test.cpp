// Reading vector files: format detection, each reader, and the messages for bad files.
#include <catch2/catch.hpp>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "autograd/rng.h"
#include "tests/vectors/vector_test_support.h"
#include "tools/vectors/vector_io.h"
#include "tools/vectors/vector_line_parser.h"

namespace fs = std::filesystem;
namespace gv::test {

namespace {

// "w17". Built by appending: g++ 12 warns falsely (-Wrestrict) on "w" + std::to_string(i).
std::string numbered_word(int i) {
  std::string word = "w";
  word += std::to_string(i);
  return word;
}

}  // namespace

TEST_CASE("GloVe text is detected and read as written", "[vector_io]") {
  const ScratchDir dir;
  ReadReport report;
  const WordVectors v = read(dir.write("g.txt", "the 0.5 -1.25 3\ncat 1e-3 +2 -0\n"), &report);
  CHECK(report.format == VectorFormat::Glove);
  REQUIRE(v.size() == 2);
  REQUIRE(v.dim == 3);
  CHECK(v.words == std::vector<std::string>{"the", "cat"});
  const std::vector<float> expected = {0.5f, -1.25f, 3.0f, 1e-3f, 2.0f, -0.0f};
  REQUIRE(v.values.size() == expected.size());
  for (size_t i = 0; i < expected.size(); ++i) CHECK(same_bits(v.values[i], expected[i]));
  CHECK(report.duplicates == 0);
  CHECK(report.skipped_lines == 0);
}

TEST_CASE("word2vec text and fastText .vec are detected by their header", "[vector_io]") {
  const ScratchDir dir;
  ReadReport report;
  const WordVectors w2v = read(dir.write("w.txt", "2 3\nthe 0.5 -1.25 3\ncat 1 2 3\n"), &report);
  CHECK(report.format == VectorFormat::Word2VecText);
  CHECK(w2v.words == std::vector<std::string>{"the", "cat"});
  CHECK(w2v.values == std::vector<float>{0.5f, -1.25f, 3, 1, 2, 3});

  // fastText ends every line, the header too, with a space; tabs separate as well.
  const WordVectors vec =
      read(dir.write("f.vec", "2 3 \nthe 0.5 -1.25 3 \ncat\t1\t2 3 \n"), &report);
  CHECK(report.format == VectorFormat::Word2VecText);
  CHECK(vec.words == w2v.words);
  CHECK(vec.values == w2v.values);
}

TEST_CASE("word2vec binary is detected with or without record newlines", "[vector_io]") {
  const ScratchDir dir;
  const std::string the = "the " + bytes_of({0.5f, -2.0f, 0.0f});
  const std::string cat = "cat " + bytes_of({1.0f / 3.0f, 1e-30f, -7.0f});
  for (const std::string& separator : {std::string("\n"), std::string()}) {
    // word2vec.c writes '\n' after each record; gensim writes none.
    ReadReport report;
    const WordVectors v =
        read(dir.write("b.bin", "2 3\n" + the + separator + cat + separator), &report);
    CHECK(report.format == VectorFormat::Word2VecBinary);
    CHECK(v.words == std::vector<std::string>{"the", "cat"});
    const std::vector<float> expected = {0.5f, -2.0f, 0.0f, 1.0f / 3.0f, 1e-30f, -7.0f};
    REQUIRE(v.values.size() == expected.size());
    for (size_t i = 0; i < expected.size(); ++i) CHECK(same_bits(v.values[i], expected[i]));
  }
}

TEST_CASE("CRLF line endings and a missing final newline are accepted", "[vector_io]") {
  const ScratchDir dir;
  const WordVectors glove = read(dir.write("g.txt", "the 0.5 1\r\ncat 2 3\r\n"));
  CHECK(glove.words == std::vector<std::string>{"the", "cat"});
  CHECK(glove.values == std::vector<float>{0.5f, 1, 2, 3});
  ReadReport report;
  const WordVectors w2v = read(dir.write("w.txt", "2 2\r\nthe 0.5 1\r\ncat 2 3"), &report);
  CHECK(report.format == VectorFormat::Word2VecText);
  CHECK(w2v.words == glove.words);
  CHECK(w2v.values == glove.values);
}

TEST_CASE("words are kept byte for byte whether UTF-8 or not", "[vector_io]") {
  const ScratchDir dir;
  const std::vector<std::string> words = {"caf\xc3\xa9", "\xe6\x97\xa5\xe6\x9c\xac",
                                          "\xf0\x9f\x99\x82", "\xe9t\xe9" /* Latin-1 */};
  std::string glove;
  std::string binary = "4 1\n";
  for (const std::string& word : words) {
    glove += word + " 1\n";
    binary += word + " " + bytes_of({0.0f}) + "\n";
  }
  CHECK(read(dir.write("g.txt", glove)).words == words);
  ReadReport report;
  CHECK(read(dir.write("b.bin", binary), &report).words == words);
  CHECK(report.format == VectorFormat::Word2VecBinary);
}

TEST_CASE("duplicate words keep their first row and are counted", "[vector_io]") {
  const ScratchDir dir;
  ReadReport report;
  const WordVectors glove = read(dir.write("g.txt", "a 1\nb 2\na 3\nb 4\nc 5\n"), &report);
  CHECK(glove.words == std::vector<std::string>{"a", "b", "c"});
  CHECK(glove.values == std::vector<float>{1, 2, 5});
  CHECK(report.duplicates == 2);

  const std::string binary =
      "3 1\na " + bytes_of({1}) + "\na " + bytes_of({2}) + "\nb " + bytes_of({3}) + "\n";
  const WordVectors from_binary = read(dir.write("b.bin", binary), &report);
  CHECK(from_binary.words == std::vector<std::string>{"a", "b"});
  CHECK(from_binary.values == std::vector<float>{1, 3});
  CHECK(report.duplicates == 1);
}

TEST_CASE("limit keeps the first N distinct words and reads no further", "[vector_io]") {
  const ScratchDir dir;
  ReadOptions options;
  options.limit = 2;
  ReadReport report;

  // The broken third line is never parsed.
  const std::string glove = dir.write("g.txt", "a 1 2\nb 3 4\nbroken x\n");
  WordVectors v = gv::read_vectors(glove, options, &report);
  CHECK(v.words == std::vector<std::string>{"a", "b"});
  CHECK(v.values == std::vector<float>{1, 2, 3, 4});

  // A duplicate inside the limit does not use up a place.
  v = gv::read_vectors(dir.write("d.txt", "a 1\na 2\nb 3\nc 4\n"), options, &report);
  CHECK(v.words == std::vector<std::string>{"a", "b"});
  CHECK(v.values == std::vector<float>{1, 3});
  CHECK(report.duplicates == 1);

  // Nor does a skipped line.
  options.skip_bad = true;
  v = gv::read_vectors(dir.write("s.txt", "a 1\nbad\nb 3\nc 4\n"), options, &report);
  CHECK(v.words == std::vector<std::string>{"a", "b"});
  CHECK(report.skipped_lines == 1);
  options.skip_bad = false;

  // A header that promises more words than the file has is not checked past the limit...
  v = gv::read_vectors(dir.write("w.txt", "9 1\na 1\nb 2\nc 3\n"), options, &report);
  CHECK(v.words == std::vector<std::string>{"a", "b"});
  // ...and a limit above the header's count reads the header's count.
  options.limit = 5;
  v = gv::read_vectors(dir.write("w2.txt", "2 1\na 1\nb 2\n"), options, &report);
  CHECK(v.words == std::vector<std::string>{"a", "b"});

  // Binary: the truncated third record is never reached.
  options.limit = 2;
  const std::string binary = "3 1\na " + bytes_of({1}) + "\nb " + bytes_of({2}) + "\nc \x01";
  v = gv::read_vectors(dir.write("b.bin", binary), options, &report);
  CHECK(v.words == std::vector<std::string>{"a", "b"});
  CHECK(v.values == std::vector<float>{1, 2});
}

TEST_CASE("plain decimals parse to the same float as std::from_chars", "[vector_io]") {
  // parse_vector_line reads "-0.123456"-style values with its own fast path; from_chars,
  // correctly rounded by the standard, is the oracle. Edge cases sit at the fast path's
  // limits: 2^24, 10 decimals, leading zeros, bare points.
  std::vector<std::string> tokens = {"16777216", "16777217", "0.16777216",   "0.16777217",
                                     "1.5",      "-0",       "0.0000000001", "0.00000000001",
                                     "5.",       ".5",       "-.5",          "0.000001234567",
                                     "1e-3",     "1E+2",     "123456789012", "3.4028234e38"};
  gv::Rng rng(7);
  for (int i = 0; i < 20000; ++i) {
    std::string token = rng.below(2) ? "-" : "";
    const auto int_digits = rng.below(4);
    const auto frac_digits = rng.below(11);
    for (uint64_t d = 0; d < int_digits; ++d) token += static_cast<char>('0' + rng.below(10));
    token += '.';
    for (uint64_t d = 0; d < frac_digits; ++d) token += static_cast<char>('0' + rng.below(10));
    if (int_digits + frac_digits > 0) tokens.push_back(token);
  }
  std::string line = "word";
  for (const std::string& token : tokens) line += " " + token;
  std::vector<float> parsed(tokens.size());
  const gv::ParsedLine result =
      gv::parse_vector_line(line, static_cast<int64_t>(tokens.size()), parsed.data());
  REQUIRE(result.problem == gv::LineProblem::None);
  for (size_t i = 0; i < tokens.size(); ++i) {
    float expected = 0.0f;
    std::from_chars(tokens[i].data(), tokens[i].data() + tokens[i].size(), expected);
    INFO(tokens[i]);
    CHECK(same_bits(parsed[i], expected));
  }
}

TEST_CASE("values C reads but from_chars does not: leading plus and underflow", "[vector_io]") {
  const ScratchDir dir;
  const WordVectors v = read(dir.write("g.txt", "a +0.5 1e-50 -1e-60 1.4e-45\n"));
  REQUIRE(v.dim == 4);
  CHECK(same_bits(v.values[0], 0.5f));
  CHECK(same_bits(v.values[1], 0.0f));  // strtof("1e-50") underflows to 0
  CHECK(same_bits(v.values[2], -0.0f));
  CHECK(same_bits(v.values[3], std::numeric_limits<float>::denorm_min()));
}

TEST_CASE("a large file reads the same with any thread count", "[vector_io]") {
  // ~1.5 MB so that the body is cut into several chunks; values are multiples of 1/8, which
  // print and parse exactly. Words repeat after 15000 lines, across chunk boundaries.
  const ScratchDir dir;
  constexpr int kLines = 20000;
  constexpr int kDim = 8;
  constexpr int kDistinct = 15000;
  const auto value = [](int line, int j) { return ((line * 31 + j * 7) % 2001 - 1000) / 8.0f; };
  std::string text;
  for (int i = 0; i < kLines; ++i) {
    text += numbered_word(i % kDistinct);
    for (int j = 0; j < kDim; ++j) {
      char number[32];
      std::snprintf(number, sizeof number, " %.3f", value(i, j));
      text += number;
    }
    text += '\n';
  }
  const std::string good = dir.write("good.txt", text);
  for (int threads : {1, 2, 3, 7}) {
    INFO("threads " << threads);
    ReadOptions options;
    options.threads = threads;
    ReadReport report;
    const WordVectors v = gv::read_vectors(good, options, &report);
    REQUIRE(v.size() == kDistinct);
    CHECK(report.duplicates == kLines - kDistinct);
    bool all_match = true;
    for (int i = 0; i < kDistinct; ++i) {
      all_match = all_match && v.words[i] == numbered_word(i);
      for (int j = 0; j < kDim; ++j) all_match = all_match && v.row(i)[j] == value(i, j);
    }
    CHECK(all_match);
  }

  // Break lines 6001, 12001 and 18001 (1-based): the first is the one reported.
  std::string broken = text;
  size_t line_start = 0;
  for (int line = 1; line <= kLines; ++line) {
    if (line == 6001 || line == 12001 || line == 18001)
      broken[broken.find(' ', line_start) + 1] = 'x';
    line_start = broken.find('\n', line_start) + 1;
  }
  const std::string bad = dir.write("bad.txt", broken);
  for (int threads : {1, 2, 3, 7}) {
    INFO("threads " << threads);
    ReadOptions options;
    options.threads = threads;
    CHECK_THROWS_WITH(gv::read_vectors(bad, options),
                      Catch::Contains(bad + ":6001:") && Catch::Contains("not a number"));
    options.skip_bad = true;
    ReadReport report;
    const WordVectors v = gv::read_vectors(bad, options, &report);
    CHECK(report.skipped_lines == 3);
    // Lines 6001 and 12001 held w6000 and w12000; line 18001 (w3000) was a duplicate anyway.
    CHECK(v.size() == kDistinct - 2);
    CHECK(report.duplicates == kLines - kDistinct - 1);
  }
}

TEST_CASE("malformed text lines name the file and the line", "[vector_io][errors]") {
  const ScratchDir dir;
  const auto fails_with = [&](const std::string& contents, const std::string& location,
                              const std::string& what) {
    const std::string path = dir.write("bad.txt", contents);
    INFO(contents);
    CHECK_THROWS_AS(read(path), VectorFileError);
    CHECK_THROWS_WITH(read(path), Catch::Contains(path + location) && Catch::Contains(what));
  };
  fails_with("a 1 2\nb 1\n", ":2:", "expected 2 values (as on line 1) after \"b\", found 1");
  fails_with("a 1 2\nb 1 x2\n", ":2:", "value 2 of \"b\" is \"x2\", not a number");
  fails_with("a 1 2\nb 1.5abc 2\n", ":2:", "\"1.5abc\", not a number");
  fails_with("a 1 2\nb 1,5 2\n", ":2:", "\"1,5\", not a number");
  fails_with("a 1 2\nb nan 2\n", ":2:", "NaN and infinity are not allowed");
  fails_with("a 1 2\nb 1 -Infinity\n", ":2:", "NaN and infinity are not allowed");
  fails_with("a 1 2\nb 1 inf\r\n", ":2:", "\"inf\": NaN and infinity");
  fails_with("a 1 2\nb 1e39 2\n", ":2:", "out of float32 range");
  fails_with("a 1 2\n\nb 1 2\n", ":2:", "empty line");
  fails_with("a 1 2\nb 1 2\n\n", ":3:", "empty line");
  fails_with("a 1 2\n 1 2\n", ":2:", "the word is missing");
  fails_with("lonely\n", ":1:", "expected a word and its values");
  // word2vec text: the header's d governs, and its V must match the body.
  fails_with("2 3\nalongword 1 2 3\nb 1 2\n", ":3:", "expected 3 values (as the header says)");
  fails_with("3 2\nalongword 1 2\nb 1 2\n",
             ":1:", "the header declares 3 words but the file has 2");
  // A count the bytes cannot hold is refused before a line is parsed.
  fails_with("1000000000000 2\na 1 2\n", ":1:",
             "the header declares 1000000000000 words of dimension 2, but the 6 bytes after it "
             "hold at most 1 such lines");
  fails_with("1 2\na 1 2\nb 1 2\n", ":3:", "more vector lines than the 1 the header");
  fails_with("2 2\na 1 2\nb 1 2\nc 1 x\n", ":4:", "more vector lines than the 2");
  const std::string huge_dim = dir.write("huge.txt", "5 1000000\na 1\n");
  CHECK_THROWS_WITH(
      read(huge_dim, nullptr, VectorFormat::Word2VecText),
      Catch::Contains(huge_dim + ":1:") && Catch::Contains("cannot hold one such line"));
  // A "V d" first line whose d the next line contradicts is a header, and says so.
  fails_with("2 3\nalongword 1 2\nb 1 2\n",
             ":2:", "expected 3 values (as the header says) after \"alongword\", found 2");
  // Read as GloVe (its second line is a word and one value), it says it may be a header.
  fails_with("2 3\na 1\nb\n", ":3:", "if that is a \"V d\" header, d disagrees");
}

TEST_CASE("whole-file problems name the file", "[vector_io][errors]") {
  const ScratchDir dir;
  const std::string empty = dir.write("empty.txt", "");
  CHECK_THROWS_AS(read(empty), VectorFileError);
  CHECK_THROWS_WITH(read(empty), Catch::Contains(empty) && Catch::Contains("empty file"));
  const std::string missing = dir.file("missing.txt");
  CHECK_THROWS_AS(read(missing), VectorFileError);
  CHECK_THROWS_WITH(read(missing), Catch::Contains(missing) && Catch::Contains("cannot open"));
  const std::string directory = dir.file("a_directory");
  fs::create_directory(directory);
  CHECK_THROWS_WITH(read(directory),
                    Catch::Contains(directory) && Catch::Contains("is a directory"));

  // A forced format that the file does not have.
  const std::string glove = dir.write("g.txt", "a 1 2\n");
  CHECK_THROWS_WITH(read(glove, nullptr, VectorFormat::Word2VecText),
                    Catch::Contains(glove + ":1:") && Catch::Contains("expected a header"));
  CHECK_THROWS_WITH(read(glove, nullptr, VectorFormat::Word2VecBinary),
                    Catch::Contains(glove + ":1:") && Catch::Contains("expected a header"));

  ReadOptions options;
  options.limit = -1;
  CHECK_THROWS_AS(gv::read_vectors(glove, options), std::invalid_argument);
  options.limit = 0;
  options.threads = -2;
  CHECK_THROWS_AS(gv::read_vectors(glove, options), std::invalid_argument);
}

TEST_CASE("malformed binary files name the file and the word index", "[vector_io][errors]") {
  const ScratchDir dir;
  // A long first word, so that these truncated files still hold the header's count of the
  // shortest records (a 1-byte word), which is checked before any record is read.
  const std::string a = "alongword " + bytes_of({0.5f, -2.0f}) + "\n";
  const std::string b = "b " + bytes_of({1.0f, 0.0f}) + "\n";
  const auto fails_with = [&](const std::string& contents, const std::string& what) {
    const std::string path = dir.write("bad.bin", contents);
    CHECK_THROWS_AS(read(path, nullptr, VectorFormat::Word2VecBinary), VectorFileError);
    CHECK_THROWS_WITH(read(path, nullptr, VectorFormat::Word2VecBinary),
                      Catch::Contains(path) && Catch::Contains(what));
  };
  fails_with("2 2\n" + a + b.substr(0, 7), "word index 1 (\"b\"): truncated: needs 8 bytes");
  fails_with("2 2\n" + a + "b", "word index 1 (\"b\"): truncated: no space");
  fails_with("3 2\n" + a + b, "truncated: the file ends at word index 2");
  fails_with("1 2\n" + a + b, "word index 1: more data after the 1 words");
  fails_with("2 2\n" + a + "b " + bytes_of({1.0f, NAN}) + "\n",
             "word index 1 (\"b\"): value 2 is NaN");
  fails_with("1 2\n " + bytes_of({1.0f, 2.0f}) + "\n", "word index 0 (\"\"): the word is empty");
  fails_with("1 1000\n" + a, "the header declares 1 words of dimension 1000, but the 19 bytes");
  fails_with("1000000000000 2\n" + a,
             "truncated: the header declares 1000000000000 words of dimension 2, but the 19 bytes "
             "after it hold at most 2 such records");

  // Auto-detection finds these binary too, so the same messages come without a format.
  const std::string truncated = dir.write("t.bin", "2 2\n" + a + b.substr(0, 7));
  CHECK_THROWS_WITH(read(truncated), Catch::Contains("word index 1"));
}

TEST_CASE("skip_bad skips and counts bad lines but never header problems", "[vector_io]") {
  const ScratchDir dir;
  ReadOptions options;
  options.skip_bad = true;
  ReadReport report;
  const WordVectors glove = gv::read_vectors(
      dir.write("g.txt", "a 1 2\nb 1 x\nc 3 4\nd 5\ne nan 1\nf 6 7\n"), options, &report);
  CHECK(glove.words == std::vector<std::string>{"a", "c", "f"});
  CHECK(glove.values == std::vector<float>{1, 2, 3, 4, 6, 7});
  CHECK(report.skipped_lines == 3);

  // Many short bad lines between two long good ones: the reader sizes its rows by what the
  // bytes can hold (2 good lines here), not by the line count, and must still find both.
  std::string long_values;
  for (int j = 0; j < 50; ++j) long_values += " 1";
  std::string short_lines;
  for (int i = 0; i < 300; ++i) short_lines += "b 1\n";
  const WordVectors sparse = gv::read_vectors(
      dir.write("sparse.txt", "first" + long_values + "\n" + short_lines + "last" + long_values),
      options, &report);
  CHECK(sparse.words == std::vector<std::string>{"first", "last"});
  CHECK(sparse.values == std::vector<float>(100, 1.0f));
  CHECK(report.skipped_lines == 300);

  // The bytes hold one good line of 5 values, yet a second line must be parsed to be judged.
  const WordVectors tight =
      gv::read_vectors(dir.write("tight.txt", "a 1 2 3 4 5\nb 1\n"), options, &report);
  CHECK(tight.words == std::vector<std::string>{"a"});
  CHECK(report.skipped_lines == 1);

  // A skipped line still counts towards the header's V.
  const WordVectors w2v =
      gv::read_vectors(dir.write("w.txt", "3 2\na 1 2\nb x 2\nc 3 4\n"), options, &report);
  CHECK(w2v.words == std::vector<std::string>{"a", "c"});
  CHECK(report.skipped_lines == 1);

  const std::string short_body = dir.write("s.txt", "3 2\na 1 2\nb x 2\n");
  CHECK_THROWS_WITH(gv::read_vectors(short_body, options),
                    Catch::Contains(short_body + ":1:") && Catch::Contains("declares 3 words"));

  const std::string binary = "2 1\na " + bytes_of({INFINITY}) + "\nb " + bytes_of({2}) + "\n";
  const WordVectors from_binary = gv::read_vectors(dir.write("b.bin", binary), options, &report);
  CHECK(from_binary.words == std::vector<std::string>{"b"});
  CHECK(report.skipped_lines == 1);
}

TEST_CASE("a one-dimensional GloVe file starting with two integers reads as a header",
          "[vector_io]") {
  // The documented ambiguity: "1999 1" is a valid header and "cat 0.5" a valid record for it.
  const ScratchDir dir;
  const std::string path = dir.write("g.txt", "1999 1\ncat 0.5\n");
  CHECK_THROWS_WITH(read(path),
                    Catch::Contains(path + ":1:") && Catch::Contains("declares 1999 words"));
  ReadReport report;
  const WordVectors v = read(path, &report, VectorFormat::Glove);
  CHECK(report.format == VectorFormat::Glove);
  CHECK(v.words == std::vector<std::string>{"1999", "cat"});
  CHECK(v.values == std::vector<float>{1, 0.5f});
  // With d >= 2 a GloVe first line has three or more fields, so there is no ambiguity, and
  // a two-integer line whose d the next line contradicts is GloVe too.
  CHECK(read(dir.write("h.txt", "1999 3\ncat 0.5\n"), &report).words ==
        std::vector<std::string>{"1999", "cat"});
  CHECK(report.format == VectorFormat::Glove);
}

}  // namespace gv::test
