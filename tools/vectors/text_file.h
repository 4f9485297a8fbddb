// Small helpers shared by the readers of benchmark files (analogy questions, word pairs).
#pragma once

#include <fstream>
#include <string>
#include <string_view>
#include <vector>

namespace gv::tools {

// Opens `path` for reading; throws std::runtime_error "cannot open <what> '<path>': <reason>".
std::ifstream open_text_file(const std::string& path, const std::string& what);

// Whitespace-separated fields of `line` (views into it); a trailing '\r' is whitespace too,
// so files with Windows line endings read the same.
std::vector<std::string_view> split_fields(std::string_view line);
// `text` without leading and trailing whitespace.
std::string_view trim_whitespace(std::string_view text);
// `text` without a leading UTF-8 byte order mark (EF BB BF). Some editors and Windows tools
// start a file with one; left in, it becomes part of the first word.
std::string_view without_utf8_bom(std::string_view text);

}  // namespace gv::tools
