// Small helpers shared by the readers of benchmark files (analogy questions, word pairs) and
// of the repl's queries.
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace gv::tools {

// Opens `path` for reading; throws std::runtime_error "cannot open <what> '<path>': <reason>".
// Opens it once, so a FIFO or a pipe (/dev/fd/N) is read as the stream it is. Gzip'd text (told
// by its magic number) is decompressed as it is read (gunzip_reader.h). Reading throws
// std::runtime_error "<path>: cannot read: <reason>" on a read error and "<path>: cannot
// decompress gzip data: <reason>" for corrupt or cut-short gzip data.
std::unique_ptr<std::istream> open_text_file(const std::string& path, const std::string& what);

// The longest line LineReader accepts. The lines it reads hold a handful of words (four for
// a question, two and a score for a word pair, a few for a repl query), so a line of a
// mebibyte is no such file: binary data, or a device that never sends a newline
// (/dev/zero). Refusing it keeps the reader's memory flat whatever the input.
inline constexpr int64_t kMaxLineBytes = int64_t{1} << 20;

// Reads `in` line by line, as std::getline does, through a small fixed buffer and never
// holding more than kMaxLineBytes of a line, so input that never ends takes bounded memory.
// A leading UTF-8 byte order mark is dropped from the first line.
class LineReader {
 public:
  // `source` names the input in messages (a path, or "standard input").
  LineReader(std::istream& in, std::string source);

  // The next line, without its '\n', into `line`; false at the end of the input. Throws
  // std::runtime_error "<source>:<line>: line longer than ..." for a line over kMaxLineBytes,
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

// Whitespace-separated fields of `line` (views into it); a trailing '\r' is whitespace too,
// so files with Windows line endings read the same.
std::vector<std::string_view> split_fields(std::string_view line);
// `text` without leading and trailing whitespace.
std::string_view trim_whitespace(std::string_view text);
// `text` without a leading UTF-8 byte order mark (EF BB BF). Some editors and Windows tools
// start a file with one; left in, it becomes part of the first word.
std::string_view without_utf8_bom(std::string_view text);

}  // namespace gv::tools
