#include "io/line_reader.h"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace gv {

LineReader::LineReader(std::istream& in, std::string source)
    : in_(in), source_(std::move(source)) {}

std::string LineReader::where() const {
  return source_ + ":" + std::to_string(line_number_) + ": ";
}

bool LineReader::next(std::string& line) {
  line.clear();
  char chunk[4096];
  while (true) {
    errno = 0;
    in_.getline(chunk, sizeof chunk);
    if (in_.bad()) {
      throw std::runtime_error(source_ + ": cannot read" +
                               (errno != 0 ? ": " + std::string(std::strerror(errno)) : ""));
    }
    // gcount counts the '\n' when getline found one (the stream is then still good).
    const std::streamsize stored = in_.gcount() - (in_.good() ? 1 : 0);
    if (static_cast<int64_t>(line.size()) + stored > kMaxWordLineBytes) {
      ++line_number_;
      throw std::runtime_error(where() + "line longer than " + std::to_string(kMaxWordLineBytes) +
                               " bytes, the limit for a line of words");
    }
    line.append(chunk, static_cast<size_t>(stored));
    if (in_.good()) break;  // a whole line
    if (in_.eof()) {        // a last line without '\n', unless nothing was left
      if (line.empty()) return false;
      break;
    }
    in_.clear();  // failbit alone: the chunk filled up before the line ended
  }
  if (++line_number_ == 1) line.erase(0, line.size() - without_utf8_bom(line).size());
  return true;
}

std::string_view without_utf8_bom(std::string_view text) {
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  return text.starts_with(kBom) ? text.substr(kBom.size()) : text;
}

}  // namespace gv
