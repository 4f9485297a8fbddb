// DescriptorStream: a std::ostream over a file descriptor the caller opened and still owns.
//
// write_file_atomically creates its temporary with O_CREAT | O_EXCL and must write through that
// very descriptor: reopening the name would follow whatever link was put there in between.
#pragma once

#include <array>
#include <ostream>
#include <streambuf>

namespace gv {

class DescriptorBuffer : public std::streambuf {
 public:
  explicit DescriptorBuffer(int fd);

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* data, std::streamsize count) override;
  int sync() override;

 private:
  // Writes all of [data, data + count), through short writes and EINTR; false on an error.
  bool write_all(const char* data, std::streamsize count);

  int fd_;
  std::array<char, 1 << 16> buffer_{};
};

// The stream fails (badbit) once a write fails; flush() reports it.
class DescriptorStream : public std::ostream {
 public:
  explicit DescriptorStream(int fd) : std::ostream(nullptr), buffer_(fd) { rdbuf(&buffer_); }

 private:
  DescriptorBuffer buffer_;
};

}  // namespace gv
