#include "tools/vectors/text_file.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace gv::tools {

std::ifstream open_text_file(const std::string& path, const std::string& what) {
  std::ifstream in(path);
  if (!in) {
    throw std::runtime_error("cannot open " + what + " '" + path + "': " + std::strerror(errno));
  }
  return in;
}

namespace {
constexpr std::string_view kWhitespace = " \t\r\n\v\f";
}  // namespace

std::string_view trim_whitespace(std::string_view text) {
  const size_t start = text.find_first_not_of(kWhitespace);
  if (start == std::string_view::npos) return {};
  return text.substr(start, text.find_last_not_of(kWhitespace) + 1 - start);
}

std::vector<std::string_view> split_fields(std::string_view line) {
  std::vector<std::string_view> fields;
  size_t start = line.find_first_not_of(kWhitespace);
  while (start != std::string_view::npos) {
    const size_t end = line.find_first_of(kWhitespace, start);
    fields.push_back(line.substr(start, end == std::string_view::npos ? end : end - start));
    start = line.find_first_not_of(kWhitespace, end);
  }
  return fields;
}

}  // namespace gv::tools
