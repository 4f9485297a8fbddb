#include "tools/vectors/text_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <streambuf>
#include <utility>

#include "io/gunzip_reader.h"
#include "io/printable.h"

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
