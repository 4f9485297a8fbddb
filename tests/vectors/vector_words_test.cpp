// What a word may be: words with spaces (read from the right), the one rule readers and
// writers share, a byte order mark before the first word, and words in messages.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "tests/vectors/vector_test_support.h"
#include "tools/vectors/vector_formats.h"
#include "tools/vectors/vector_io.h"
#include "tools/vectors/vector_line_parser.h"
#include "tools/vectors/vector_source.h"

namespace gv::test {

TEST_CASE("a text record's word is everything before its last d fields", "[vector_io][words]") {
  float values[2];
  const gv::ParsedLine spaced = gv::parse_vector_line("new york 3 4", 2, values);
  CHECK(spaced.problem == gv::LineProblem::None);
  CHECK(spaced.word == "new york");
  CHECK(values[0] == 3);
  CHECK(values[1] == 4);
  // Blanks inside are kept as they are; blanks around the word are not part of it.
  CHECK(gv::parse_vector_line(" . \t. .  5 6", 2, values).word == ". \t. .");
  // Too few fields is still an error, and names the first field as the word.
  const gv::ParsedLine short_line = gv::parse_vector_line("new york 3", 3, values);
  CHECK(short_line.problem == gv::LineProblem::TooFewValues);
  CHECK(short_line.values_found == 2);
  const gv::ParsedLine not_a_number = gv::parse_vector_line("new york x 4", 2, values);
  CHECK(not_a_number.problem == gv::LineProblem::NotANumber);
  CHECK(not_a_number.word == "new york");
  CHECK(not_a_number.token == "x");
}

TEST_CASE("words with spaces read in every text format", "[vector_io][words]") {
  const ScratchDir dir;
  const std::vector<std::string> words = {"the", "new york", ". . ."};
  ReadReport report;
  const WordVectors w2v =
      read(dir.write("sp.vec", "3 2\nthe 1 2\nnew york 3 4\n. . . 5 6\n"), &report);
  CHECK(report.format == VectorFormat::Word2VecText);
  CHECK(w2v.words == words);
  CHECK(w2v.values == std::vector<float>{1, 2, 3, 4, 5, 6});
  // The second line, where detection looks, may hold the spaced word.
  CHECK(read(dir.write("first.vec", "2 2\nnew york 3 4\nthe 1 2\n")).words ==
        std::vector<std::string>{"new york", "the"});

  // GloVe takes d from the first line that is a one-field word and numbers only.
  const WordVectors glove =
      read(dir.write("sp.txt", "new york 3 4\n. . . 5 6\nthe 1 2\n"), &report);
  CHECK(report.format == VectorFormat::Glove);
  CHECK(glove.dim == 2);
  CHECK(glove.words == std::vector<std::string>{"new york", ". . .", "the"});
  CHECK(glove.values == std::vector<float>{3, 4, 5, 6, 1, 2});

  const std::string no_dimension = dir.write("all.txt", "new york 3 4\n. . . 5 6\n");
  CHECK_THROWS_WITH(read(no_dimension),
                    Catch::Contains(no_dimension + ": no line is a word and its numbers alone"));
  // A line too short for the dimension still names its line.
  const std::string short_line = dir.write("short.txt", "the 1 2\nnew york\n");
  CHECK_THROWS_WITH(read(short_line),
                    Catch::Contains(short_line + ":2: expected 2 values (as on line 1) after "
                                                 "\"new\", found 1"));
}

TEST_CASE("text writers write spaced words back, binary ones refuse them", "[vector_io][words]") {
  const ScratchDir dir;
  const WordVectors v = make_vectors({{"the", {1, 2}}, {"new york", {3, 4}}, {". \t.", {5, 6}}});
  for (const VectorFormat format : {VectorFormat::Glove, VectorFormat::Word2VecText}) {
    const std::string path = dir.file("out");
    gv::write_vectors(path, v, format);
    ReadReport report;
    const WordVectors back = read(path, &report);
    CHECK(report.format == format);
    CHECK(back.words == v.words);
    CHECK(back.values == v.values);
  }
  const std::string bin = dir.file("out.bin");
  CHECK_THROWS_WITH(gv::write_vectors(bin, v, VectorFormat::Word2VecBinary),
                    Catch::Contains(bin + ": word index 1 (\"new york\") contains a space"));
  // GloVe's first line gives the dimension, so its word must be one field.
  const WordVectors spaced_first = make_vectors({{"new york", {3, 4}}, {"the", {1, 2}}});
  CHECK_THROWS_WITH(gv::write_vectors(bin, spaced_first, VectorFormat::Glove),
                    Catch::Contains("word index 0 (\"new york\") holds a space or tab"));
  gv::write_vectors(bin, spaced_first, VectorFormat::Word2VecText);
  CHECK(read(bin).words == spaced_first.words);
}

TEST_CASE("readers refuse the words writers refuse, and read back what they write",
          "[vector_io][words]") {
  CHECK(gv::word_problem("a\rb", true) ==
        "contains the byte \\x0d, which no vector file allows in a word");
  CHECK(gv::word_problem("", true) == "is empty");
  CHECK(gv::word_problem("a b", false) ==
        "contains a space or tab, which ends a word in a binary file");
  CHECK(gv::word_problem("a b", true).empty());
  CHECK(gv::word_problem("a ", true) ==
        "starts or ends with a space or tab, which a text line cannot keep");
  CHECK(gv::word_problem("a\x01\xff", false).empty());  // other bytes are the writer's to keep

  const ScratchDir dir;
  // A carriage return inside a text word: the reader names the line, as the writer would.
  const std::string cr = dir.write("cr.txt", "a\rb 1 2\ncat 3 4\n");
  CHECK_THROWS_WITH(read(cr), Catch::Contains(cr + ":1: the word \"a\\x0db\" contains the byte "
                                                   "\\x0d, which no vector file allows in a word"));
  CHECK_THROWS_WITH(gv::write_vectors(dir.file("o.txt"), make_vectors({{"a\rb", {1}}}),
                                      VectorFormat::Word2VecText),
                    Catch::Contains("o.txt: word index 0 (\"a\\x0db\") contains the byte \\x0d"));
  ReadOptions skip;
  skip.skip_bad = true;
  ReadReport report;
  CHECK(gv::read_vectors(cr, skip, &report).words == std::vector<std::string>{"cat"});
  CHECK(report.skipped_lines == 1);

  // A newline inside a binary word.
  const std::string nl =
      dir.write("nl.bin", "2 1\nab\ncd " + bytes_of({1.0f}) + "\nxy " + bytes_of({2.0f}) + "\n");
  CHECK_THROWS_WITH(read(nl), Catch::Contains(nl + ": word index 0 (\"ab\\x0acd\"): the word "
                                                   "contains the byte \\x0a"));
  CHECK(gv::read_vectors(nl, skip, &report).words == std::vector<std::string>{"xy"});
  // A tab in a binary word: word2vec.c would split at it.
  const std::string tab = dir.write("tab.bin", "1 1\na\tb " + bytes_of({1.0f}));
  CHECK_THROWS_WITH(read(tab), Catch::Contains("contains a space or tab"));

  // Other control bytes break no format: every writer writes them, every reader reads them.
  const WordVectors odd = make_vectors({{"a\x01z", {1}}, {"\x7f", {2}}});
  for (const VectorFormat format :
       {VectorFormat::Glove, VectorFormat::Word2VecText, VectorFormat::Word2VecBinary}) {
    const std::string path = dir.file("odd");
    gv::write_vectors(path, odd, format);
    CHECK(read(path, nullptr, format).words == odd.words);
  }
}

TEST_CASE("a UTF-8 byte order mark is not part of the first word or header", "[vector_io][words]") {
  const ScratchDir dir;
  const std::string bom = "\xEF\xBB\xBF";
  ReadReport report;
  CHECK(read(dir.write("g.txt", bom + "the 1 2\ncat 3 4\n")).words ==
        std::vector<std::string>{"the", "cat"});
  const WordVectors w2v = read(dir.write("w.txt", bom + "2 2\nthe 1 2\ncat 3 4\n"), &report);
  CHECK(report.format == VectorFormat::Word2VecText);
  CHECK(w2v.words == std::vector<std::string>{"the", "cat"});
  const std::string plain = dir.file("b.bin");
  gv::write_vectors(plain, make_vectors({{"the", {0.5f, -2}}, {"cat", {1, 3}}}),
                    VectorFormat::Word2VecBinary);
  const WordVectors binary = read(dir.write("bom.bin", bom + read_file(plain)), &report);
  CHECK(report.format == VectorFormat::Word2VecBinary);
  CHECK(binary.words == std::vector<std::string>{"the", "cat"});
  CHECK(binary.values == std::vector<float>{0.5f, -2, 1, 3});
}

TEST_CASE("messages show file bytes and names escaped, valid UTF-8 as it is",
          "[vector_io][words][errors]") {
  CHECK(gv::quoted(std::string("caf\xc3\xa9\x01\xff", 7)) == "\"caf\xc3\xa9\\x01\\xff\"");
  // A cut never splits a character: 79 ASCII bytes and a 2-byte one make 81 bytes.
  CHECK(gv::quoted(std::string(79, 'a') + "\xc3\xa9") == "\"" + std::string(79, 'a') + "...\"");

  const ScratchDir dir;
  // A binary record misread as text: the message is one line of printable text.
  const std::string path =
      dir.write("name\x1b[31m\xff.txt", std::string("a 1 2\nb 1 \x80\x00\n", 13));
  try {
    read(path);
    FAIL("no error");
  } catch (const VectorFileError& e) {
    const std::string message = e.what();
    CHECK(message.find("name\\x1b[31m\\xff.txt:2: value 2 of \"b\" is \"\\x80\\x00\", not a "
                       "number") != std::string::npos);
    for (const char c : message) CHECK(static_cast<unsigned char>(c) >= 0x20);
  }
}

}  // namespace gv::test
