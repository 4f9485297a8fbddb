// Reading text files of short lines (vocabulary files, benchmark questions, word pairs, the
// repl's queries) with memory bounded whatever the input: one limit on a line for every reader.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <string_view>

namespace gv {

// The longest line LineReader accepts. The lines it reads hold a handful of words (a word and
// its count, four words of a question, two and a score for a word pair, a few for a query), so
// a line of a mebibyte is no such file: binary data, or a device that never sends a newline
// (/dev/zero). Refusing it keeps the reader's memory flat whatever the input.
inline constexpr int64_t kMaxWordLineBytes = int64_t{1} << 20;

// Reads `in` line by line, as std::getline does, through a small fixed buffer and never
// holding more than kMaxWordLineBytes of a line, so input that never ends takes bounded memory.
// A leading UTF-8 byte order mark is dropped from the first line.
class LineReader {
 public:
  // `source` names the input in messages (a path, or "standard input").
  LineReader(std::istream& in, std::string source);

  // The next line, without its '\n', into `line`; false at the end of the input. Throws
  // std::runtime_error "<source>:<line>: line longer than ..." for a line over kMaxWordLineBytes,
  // and "<source>: cannot read: <reason>" on a read error.
  bool next(std::string& line);
  // 1-based number of the line next() returned last.
  int64_t line_number() const { return line_number_; }
  // "<source>:<line>: ", the prefix of every message about the line next() returned last.
  std::string where() const;

 private:
  std::istream& in_;
  std::string source_;
  int64_t line_number_ = 0;
};

// `text` without a leading UTF-8 byte order mark (EF BB BF). Some editors and Windows tools
// start a file with one; left in, it becomes part of the first word.
std::string_view without_utf8_bom(std::string_view text);

}  // namespace gv
