// Small helpers shared by the readers of benchmark files (analogy questions, word pairs) and
// of the repl's queries.
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "io/line_reader.h"  // LineReader, which these files are read with

namespace gv::tools {

// Opens `path` for reading; throws std::runtime_error "cannot open <what> '<path>': <reason>".
// Opens it once, so a FIFO or a pipe (/dev/fd/N) is read as the stream it is. Gzip'd text (told
// by its magic number) is decompressed as it is read (gunzip_reader.h). Reading throws
// std::runtime_error "<path>: cannot read: <reason>" on a read error and "<path>: cannot
// decompress gzip data: <reason>" for corrupt or cut-short gzip data.
std::unique_ptr<std::istream> open_text_file(const std::string& path, const std::string& what);

// Whitespace-separated fields of `line` (views into it); a trailing '\r' is whitespace too,
// so files with Windows line endings read the same.
std::vector<std::string_view> split_fields(std::string_view line);
// `text` without leading and trailing whitespace.
std::string_view trim_whitespace(std::string_view text);

}  // namespace gv::tools
