#include "tools/vectors/text_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <streambuf>
#include <utility>

#include "autograd/io/gunzip_reader.h"
#include "autograd/io/printable.h"

namespace gv::tools {
namespace {

// The text of an open file, through GunzipReader: decompressed when it is gzip'd. Owns the
// descriptor. Errors are thrown out of underflow(), which an istream with badbit in its
// exceptions() passes on unchanged.
class TextFileBuffer : public std::streambuf {
 public:
  TextFileBuffer(int fd, const std::string& path)
      : fd_(fd), path_(path), content_(read_descriptor(fd, path)) {}
  ~TextFileBuffer() override { ::close(fd_); }
  TextFileBuffer(const TextFileBuffer&) = delete;
  TextFileBuffer& operator=(const TextFileBuffer&) = delete;

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    int64_t got = 0;
    try {
      got = content_.read(buffer_, sizeof buffer_);
    } catch (const GzipDataError& e) {
      throw std::runtime_error(printable(path_) + ": cannot decompress gzip data: " + e.what());
    }
    if (got == 0) return traits_type::eof();
    setg(buffer_, buffer_, buffer_ + got);
    return traits_type::to_int_type(*gptr());
  }

 private:
  int fd_;
  std::string path_;
  GunzipReader content_;
  char buffer_[4096];
};

class TextFileStream : public std::istream {
 public:
  TextFileStream(int fd, const std::string& path) : std::istream(nullptr), buffer_(fd, path) {
    rdbuf(&buffer_);
    exceptions(std::ios::badbit);
  }

 private:
  TextFileBuffer buffer_;
};

}  // namespace

std::unique_ptr<std::istream> open_text_file(const std::string& path, const std::string& what) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    throw std::runtime_error("cannot open " + what + " '" + path + "': " + std::strerror(errno));
  }
  return std::make_unique<TextFileStream>(fd, path);
}

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
    if (static_cast<int64_t>(line.size()) + stored > kMaxLineBytes) {
      ++line_number_;
      throw std::runtime_error(where() + "line longer than " + std::to_string(kMaxLineBytes) +
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

namespace {
constexpr std::string_view kWhitespace = " \t\r\n\v\f";
}  // namespace

std::string_view trim_whitespace(std::string_view text) {
  const size_t start = text.find_first_not_of(kWhitespace);
  if (start == std::string_view::npos) return {};
  return text.substr(start, text.find_last_not_of(kWhitespace) + 1 - start);
}

std::string_view without_utf8_bom(std::string_view text) {
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  return text.starts_with(kBom) ? text.substr(kBom.size()) : text;
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
