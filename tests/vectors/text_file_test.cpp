#include <catch2/catch.hpp>
#include <sstream>
#include <streambuf>

#include "tests/vectors/vector_test_support.h"
#include "tools/vectors/text_file.h"

using gv::kMaxWordLineBytes;
using gv::LineReader;

namespace {

// Every line LineReader finds in `text`.
std::vector<std::string> lines_of(const std::string& text) {
  std::istringstream in(text);
  LineReader reader(in, "t.txt");
  std::vector<std::string> lines;
  for (std::string line; reader.next(line);) {
    lines.push_back(line);
    CHECK(reader.line_number() == static_cast<int64_t>(lines.size()));
  }
  return lines;
}

// A stream of one byte over and over that never ends, like /dev/zero; counts what it served.
class EndlessStream : public std::streambuf {
 public:
  explicit EndlessStream(char byte) { std::fill(std::begin(buffer_), std::end(buffer_), byte); }
  int64_t served() const { return served_; }

 protected:
  int_type underflow() override {
    setg(buffer_, buffer_, buffer_ + sizeof buffer_);
    served_ += static_cast<int64_t>(sizeof buffer_);
    return traits_type::to_int_type(buffer_[0]);
  }

 private:
  char buffer_[1000];
  int64_t served_ = 0;
};

}  // namespace

TEST_CASE("LineReader reads lines as getline does, the last one with or without '\\n'") {
  CHECK(lines_of("a b\nc\r\n\nlast") == std::vector<std::string>{"a b", "c\r", "", "last"});
  CHECK(lines_of("one\n") == std::vector<std::string>{"one"});
  CHECK(lines_of("").empty());
  CHECK(lines_of("\n\n") == std::vector<std::string>{"", ""});
}

TEST_CASE("LineReader keeps long lines whole across its buffer, NUL bytes included") {
  for (const size_t length : {4094, 4095, 4096, 4097, 12289}) {
    INFO(length);
    std::string line(length, 'x');
    line[length / 2] = '\0';
    CHECK(lines_of(line + "\nnext\n" + line) == std::vector<std::string>{line, "next", line});
  }
}

TEST_CASE("LineReader drops a byte order mark from the first line only") {
  const std::string bom = "\xEF\xBB\xBF";
  CHECK(lines_of(bom + ": family\n" + bom + "x\n") ==
        std::vector<std::string>{": family", bom + "x"});
  CHECK(lines_of(bom) == std::vector<std::string>{""});
}

TEST_CASE("LineReader refuses a line over kMaxWordLineBytes, naming source and line") {
  const std::string longest(static_cast<size_t>(kMaxWordLineBytes), 'w');
  CHECK(lines_of("a\n" + longest + "\n").size() == 2);
  CHECK_THROWS_WITH(lines_of("a\n" + longest + "w\n"),
                    "t.txt:2: line longer than 1048576 bytes, the limit for a line of words");
}

TEST_CASE("LineReader stops input that never ends after reading just over one line's limit") {
  for (const char byte : {'\0', 'z'}) {
    EndlessStream endless(byte);
    std::istream in(&endless);
    LineReader reader(in, "endless");
    std::string line;
    CHECK_THROWS_WITH(reader.next(line),
                      "endless:1: line longer than 1048576 bytes, the limit "
                      "for a line of words");
    CHECK(endless.served() < kMaxWordLineBytes + 8192);
  }
}

TEST_CASE("LineReader names the source of a read error and why") {
  const gv::test::ScratchDir dir("line_reader");
  const std::unique_ptr<std::istream> in =
      gv::tools::open_text_file(dir.path().string(), "questions file");
  LineReader reader(*in, dir.path().string());
  std::string line;
  CHECK_THROWS_WITH(reader.next(line), dir.path().string() + ": cannot read: Is a directory");
}
