#include "io/descriptor_stream.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace gv {

DescriptorBuffer::DescriptorBuffer(int fd) : fd_(fd) {
  setp(buffer_.data(), buffer_.data() + buffer_.size());
}

bool DescriptorBuffer::write_all(const char* data, std::streamsize count) {
  while (count > 0) {
    const ssize_t written = ::write(fd_, data, static_cast<size_t>(count));
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) {
      error_ = written < 0 ? errno : EIO;
      return false;
    }
    data += written;
    count -= written;
  }
  return true;
}

int DescriptorBuffer::sync() {
  const bool written = write_all(pbase(), pptr() - pbase());
  setp(buffer_.data(), buffer_.data() + buffer_.size());
  return written ? 0 : -1;
}

DescriptorBuffer::int_type DescriptorBuffer::overflow(int_type c) {
  if (sync() != 0) return traits_type::eof();
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  *pptr() = traits_type::to_char_type(c);
  pbump(1);
  return c;
}

std::streamsize DescriptorBuffer::xsputn(const char* data, std::streamsize count) {
  // What fits goes to the buffer; a larger piece goes straight through, after what is buffered.
  if (count <= epptr() - pptr()) {
    traits_type::copy(pptr(), data, static_cast<size_t>(count));
    pbump(static_cast<int>(count));
    return count;
  }
  if (sync() != 0 || !write_all(data, count)) return 0;
  return count;
}

std::string write_failed(int error) {
  return error == 0 ? "write failed" : "write failed (" + std::string(std::strerror(error)) + ")";
}

}  // namespace gv
