#include "autograd/io/mapped_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace gv {

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw std::runtime_error(path + ": " + what);
}

// Closes the descriptor on every path out of the constructor; the mapping outlives it.
struct FileDescriptor {
  int fd;
  ~FileDescriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

MappedFile::MappedFile(const std::string& path, bool prefault) {
  const FileDescriptor file{::open(path.c_str(), O_RDONLY | O_CLOEXEC)};
  if (file.fd < 0) fail(path, std::string("cannot open: ") + std::strerror(errno));
  struct stat info {};
  if (::fstat(file.fd, &info) != 0) fail(path, std::string("cannot stat: ") + std::strerror(errno));
  // Pipes and devices have no size to map; a directory opens fine but cannot be read.
  if (!S_ISREG(info.st_mode)) fail(path, "not a regular file");
  size_ = static_cast<size_t>(info.st_size);
  if (size_ == 0) return;
  void* mapped =
      ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE | (prefault ? MAP_POPULATE : 0), file.fd, 0);
  if (mapped == MAP_FAILED) fail(path, std::string("cannot map: ") + std::strerror(errno));
  data_ = static_cast<const char*>(mapped);
  ::madvise(mapped, size_, MADV_SEQUENTIAL);
}

MappedFile::~MappedFile() {
  if (data_ != nullptr) ::munmap(const_cast<char*>(data_), size_);
}

}  // namespace gv
