// DescriptorStream: a std::ostream over a file descriptor the caller opened and still owns.
//
// write_file_atomically creates its temporary with O_CREAT | O_EXCL and must write through that
// very descriptor: reopening the name would follow whatever link was put there in between.
#pragma once

#include <array>
#include <ostream>
#include <streambuf>
#include <string>

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

 public:
  // The errno of the write that failed (ENOSPC, EFBIG, EPIPE...), 0 while none has.
  int error() const { return error_; }

 private:
  int fd_;
  int error_ = 0;
  std::array<char, 1 << 16> buffer_{};
};

// The stream fails (badbit) once a write fails; flush() reports it, error() why.
class DescriptorStream : public std::ostream {
 public:
  explicit DescriptorStream(int fd) : std::ostream(nullptr), buffer_(fd) { rdbuf(&buffer_); }
  int error() const { return buffer_.error(); }

 private:
  DescriptorBuffer buffer_;
};

// "write failed (File too large)": what a message says of a failed write with errno `error`
// (DescriptorStream::error; 0, not known: "write failed").
std::string write_failed(int error);

}  // namespace gv
