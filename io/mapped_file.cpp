#include "io/mapped_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>

#include "io/gunzip_reader.h"
#include "io/printable.h"

namespace gv {

namespace {

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw std::runtime_error(printable(path) + ": " + what);
}

// Closes the descriptor on every path out of the constructor; the mapping outlives it.
// Standard input is left open.
struct FileDescriptor {
  int fd;
  bool owned;
  ~FileDescriptor() {
    if (owned && fd >= 0) ::close(fd);
  }
};

// A stream is read in pieces of at least this much; checks start once this much is in.
constexpr size_t kFirstStreamChunk = size_t{64} << 10;

}  // namespace

MappedFile::MappedFile(const std::string& path, bool prefault, const StreamCheck& check) {
  const bool standard_input = path == "-";
  const FileDescriptor file{
      standard_input ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC), !standard_input};
  if (file.fd < 0) {
    // "cannot open" only for a name that is not there; anything else is about reading it.
    const int error = errno;
    fail(path,
         std::string(error == ENOENT ? "cannot open: " : "cannot read: ") + std::strerror(error));
  }
  struct stat info {};
  if (::fstat(file.fd, &info) != 0) fail(path, std::string("cannot stat: ") + std::strerror(errno));
  if (S_ISDIR(info.st_mode)) fail(path, "is a directory");
  // Standard input may be a file that someone has read part of already: only what is left
  // is ours, and read() starts there.
  const bool at_start = !standard_input || ::lseek(file.fd, 0, SEEK_CUR) == 0;
  char magic[2] = {};
  const bool gzip = S_ISREG(info.st_mode) && at_start && ::pread(file.fd, magic, 2, 0) == 2 &&
                    starts_with_gzip_magic(std::string_view(magic, 2));
  if (S_ISREG(info.st_mode) && info.st_size > 0 && at_start && !gzip) {
    const auto size = static_cast<size_t>(info.st_size);
    void* mapped =
        ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | (prefault ? MAP_POPULATE : 0), file.fd, 0);
    if (mapped != MAP_FAILED) {
      data_ = static_cast<const char*>(mapped);
      size_ = size;
      mapped_ = true;
      ::madvise(mapped, size_, MADV_SEQUENTIAL);
      return;
    }
    // Some file systems (sysfs, FUSE) cannot map; their files still read.
  }
  read_stream(file.fd, path, check);
}

void MappedFile::read_stream(int fd, const std::string& path, const StreamCheck& check) {
  GunzipReader content(read_descriptor(fd, input_name(path)));
  size_t capacity = 0;
  size_t next_check = kFirstStreamChunk;
  for (;;) {
    if (capacity - size_ < kFirstStreamChunk) {
      capacity = std::max(2 * capacity, size_ + kFirstStreamChunk);
      auto grown = std::make_unique_for_overwrite<char[]>(capacity);
      if (size_ > 0) std::memcpy(grown.get(), buffer_.get(), size_);
      buffer_ = std::move(grown);
    }
    int64_t got = 0;
    try {
      got = content.read(buffer_.get() + size_, static_cast<int64_t>(capacity - size_));
    } catch (const GzipDataError& e) {
      fail(path, std::string("cannot decompress gzip data: ") + e.what());
    }
    if (got == 0) break;
    size_ += static_cast<size_t>(got);
    if (check && size_ >= next_check) {
      if (check(std::string_view(buffer_.get(), size_))) break;
      while (next_check <= size_) next_check *= 2;
    }
  }
  data_ = size_ > 0 ? buffer_.get() : nullptr;
}

MappedFile::~MappedFile() {
  if (mapped_) ::munmap(const_cast<char*>(data_), size_);
}

}  // namespace gv
