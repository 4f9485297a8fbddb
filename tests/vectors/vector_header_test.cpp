// "V d" headers with values no file can have: recognised as headers (not taken for GloVe),
// reported as such, and never trusted to size anything.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "tests/vectors/vector_test_support.h"
#include "tools/vectors/vector_format_detection.h"
#include "tools/vectors/vector_io.h"

namespace gv::test {

TEST_CASE("a header with impossible values is reported, in text and binary files",
          "[vector_io][header][errors]") {
  const ScratchDir dir;
  // A real binary file, then its header replaced.
  const std::string original = dir.file("good.bin");
  gv::write_vectors(original, make_vectors({{"the", {0.5f, -2}}, {"cat", {1, 3}}}),
                    VectorFormat::Word2VecBinary);
  const std::string records = read_file(original).substr(std::string("2 2\n").size());
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"50 0", "dimension 0 is not >= 1"},
      {"-1 20", "word count -1 is negative"},
      {"50 -20", "dimension -20 is not >= 1"},
      {"50 9223372036854775807",
       "dimension 9223372036854775807 is more than the 4194304 a "
       "vector file may have"},
      {"9223372036854775807 -9223372036854775807", "dimension -9223372036854775807 is not >= 1"},
  };
  for (const auto& [header, problem] : cases) {
    INFO(header);
    const std::string expected = ":1: header \"" + header + "\": " + problem;
    const std::string binary = dir.write("h.bin", header + "\n" + records);
    CHECK(read_error(binary) == binary + expected);
    CHECK(read_error(binary, VectorFormat::Word2VecBinary) == binary + expected);
    const std::string text = dir.write("h.txt", header + "\nthe 1 2\ncat 3 4\n");
    CHECK(read_error(text) == text + expected);
    CHECK(read_error(text, VectorFormat::Word2VecText) == text + expected);
  }
  // The detection overflowed on 1 + d here, and took the file for GloVe.
  const std::string huge = dir.write("huge.txt", "50 9223372036854775807\nt\n");
  CHECK(read_error(huge) == huge +
                                ":1: header \"50 9223372036854775807\": dimension "
                                "9223372036854775807 is more than the 4194304 a vector "
                                "file may have");
}

TEST_CASE("one-dimensional GloVe whose first word is an integer stays GloVe",
          "[vector_io][header]") {
  const ScratchDir dir;
  ReadReport report;
  const WordVectors v = gv::read_vectors(dir.write("g.txt", "-1 20\ncat 0.5\n"), {}, &report);
  CHECK(report.format == VectorFormat::Glove);
  CHECK(v.words == std::vector<std::string>{"-1", "cat"});
  CHECK(v.values == std::vector<float>{20, 0.5f});
}

TEST_CASE("header counts the bytes cannot hold are refused before anything is sized",
          "[vector_io][header][errors]") {
  const ScratchDir dir;
  // Sized by the header, each would ask for terabytes; ASan would abort on the request.
  const std::string text = dir.write("lie.vec", "1000000000000 2\nthe 1 2\n");
  CHECK(read_error(text) == text +
                                ":1: the header declares 1000000000000 words of dimension 2, but "
                                "the 8 bytes after it hold at most 1 such lines");
  const std::string wide = dir.write("wide.vec", "1 300\nthe 1 2\n");
  CHECK(read_error(wide) == wide +
                                ":1: the header declares dimension 300 but the 8 bytes after it "
                                "cannot hold one such line");
  const std::string binary =
      dir.write("lie.bin", "1000000000000 3\nthe " + gv::test::bytes_of({1, 2, 3}));
  CHECK(read_error(binary) == binary +
                                  ": truncated: the header declares 1000000000000 words of "
                                  "dimension 3, but the 16 bytes after it hold at most 1 such "
                                  "records");
  // A short line is why the bytes fall short: it is named rather than the count.
  const std::string short_line = dir.write("short.vec", "2 3\na 1 0 0\nb 1 0\n");
  CHECK(read_error(short_line) ==
        short_line + ":3: expected 3 values (as the header says) after \"b\", found 2");
  // A dimension the file cannot hold, with no words to check it against: still capped.
  const std::string no_words = dir.write("none.vec", "0 4194305\n");
  CHECK(read_error(no_words) == no_words +
                                    ":1: header \"0 4194305\": dimension 4194305 is more "
                                    "than the 4194304 a vector file may have");
  const WordVectors empty = gv::read_vectors(dir.write("ok.vec", "0 4194304\n"));
  CHECK(empty.size() == 0);
  CHECK(empty.dim == 4194304);
}

TEST_CASE("a stream's prefix gets a format only once more bytes cannot change it",
          "[vector_io][header]") {
  using gv::detect_vector_format_of_prefix;
  CHECK_FALSE(detect_vector_format_of_prefix("3"));  // fastText's magic, maybe
  CHECK_FALSE(detect_vector_format_of_prefix("3323 10"));
  CHECK(detect_vector_format_of_prefix("the 0.1 0.2") == VectorFormat::Glove);
  CHECK(detect_vector_format_of_prefix(std::string(8, '\0')) == VectorFormat::Glove);
  CHECK_FALSE(detect_vector_format_of_prefix("2 3\n"));
  CHECK_FALSE(detect_vector_format_of_prefix("2 3\nthe 0.1 0.2"));
  CHECK(detect_vector_format_of_prefix("2 3\nthe 0.1 0.2 0.3\n") == VectorFormat::Word2VecText);
  CHECK(detect_vector_format_of_prefix("2 3\nthe " + gv::test::bytes_of({0.5f})) ==
        VectorFormat::Word2VecBinary);
  // A word and three printable bytes: binary values may still follow.
  CHECK_FALSE(detect_vector_format_of_prefix("2 1\nthe abc"));
  CHECK_FALSE(detect_vector_format_of_prefix("50 0\nthe 1"));
  CHECK(detect_vector_format_of_prefix("50 0\nthe 1 2\n") == VectorFormat::Word2VecText);
  CHECK(detect_vector_format_of_prefix("-1 20\ncat 0.5\n") == VectorFormat::Glove);
  // Whole files always get an answer, and the same one.
  CHECK(gv::detect_vector_format("2 3\n") == VectorFormat::Word2VecText);
  CHECK(gv::detect_vector_format("2 3\nthe 0.1 0.2 0.3\n") == VectorFormat::Word2VecText);
  CHECK(gv::detect_vector_format("-1 20\ncat 0.5\n") == VectorFormat::Glove);
}

TEST_CASE("Only vector files are unmistakably vectors: text that starts with numbers is not",
          "[vectors][detect]") {
  using gv::unmistakable_vector_format;
  CHECK(unmistakable_vector_format("2 3\nthe 0.1 0.2 0.3\nof 1 2 3\n") ==
        VectorFormat::Word2VecText);
  CHECK(unmistakable_vector_format("the 0.1 0.2 0.3\nof 1 2 3\n") == VectorFormat::Glove);
  CHECK(unmistakable_vector_format(std::string("1 2\nthe \0\0\x80?\0\0\0@\n", 15)) ==
        VectorFormat::Word2VecBinary);
  // A header followed by text, GloVe-like first lines of different lengths, a single record,
  // and plain text.
  CHECK_FALSE(unmistakable_vector_format("1999 2\nthe year the war ended\n"));
  CHECK_FALSE(unmistakable_vector_format("chapter 1 2\nit was the best of times\n"));
  CHECK_FALSE(unmistakable_vector_format("the 0.1 0.2 0.3\n"));
  CHECK_FALSE(unmistakable_vector_format("to be or not to be\nthat is the question\n"));
}

}  // namespace gv::test
