#include "word2vec/spool.h"

#include <fcntl.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <new>
#include <stdexcept>
#include <vector>

namespace gv {

Spool::Spool(const std::string& source, const Read& read) {
  const char* tmpdir = std::getenv("TMPDIR");
  std::string name =
      (std::filesystem::path(tmpdir && *tmpdir ? tmpdir : "/tmp") / "gradvec-spool-XXXXXX")
          .string();
  fd_ = ::mkstemp(name.data());
  if (fd_ < 0) {
    throw std::runtime_error(source + ": cannot create a temporary file " + name +
                             " to read it from: " + std::strerror(errno));
  }
  ::unlink(name.c_str());
  path_ = "/proc/self/fd/" + std::to_string(fd_);
  try {
    std::vector<char> buffer(size_t{1} << 20);
    for (int64_t got; (got = read(buffer.data(), static_cast<int64_t>(buffer.size()))) > 0;) {
      for (int64_t done = 0; done < got;) {
        const ssize_t put = ::write(fd_, buffer.data() + done, static_cast<size_t>(got - done));
        if (put < 0 && errno == EINTR) continue;
        if (put < 0) {
          throw std::runtime_error(source + ": cannot copy it to " + name + ": " +
                                   std::strerror(errno));
        }
        done += put;
      }
    }
  } catch (...) {
    ::close(fd_);
    throw;
  }
}

Spool::~Spool() {
  ::close(fd_);
}

std::shared_ptr<const Spool> spool_stdin() {
  return std::make_shared<const Spool>("standard input", [](char* buffer, int64_t capacity) {
    while (true) {
      const ssize_t got = ::read(STDIN_FILENO, buffer, static_cast<size_t>(capacity));
      if (got >= 0) return static_cast<int64_t>(got);
      if (errno != EINTR) {
        throw std::runtime_error(std::string("cannot read standard input: ") +
                                 std::strerror(errno));
      }
    }
  });
}

namespace {

// The members of a gzip file one after another, decompressed with zlib's inflate. gzread would
// end silently at bytes after the last member that do not start another (gzip(1) calls them
// "trailing garbage"); here they are an error naming their offset, since a corpus missing its
// end, or with something else appended, should not train as if it were whole.
class GzipMembers {
 public:
  explicit GzipMembers(const std::string& path) : path_(path), input_(size_t{1} << 16) {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) {
      throw std::runtime_error(path + ": cannot open gzip corpus: " + std::strerror(errno));
    }
    if (inflateInit2(&stream_, 16 + MAX_WBITS) != Z_OK) {  // 16: gzip's wrapper only
      ::close(fd_);
      throw std::bad_alloc();
    }
  }
  ~GzipMembers() {
    inflateEnd(&stream_);
    ::close(fd_);
  }
  GzipMembers(const GzipMembers&) = delete;
  GzipMembers& operator=(const GzipMembers&) = delete;

  // Up to `capacity` decompressed bytes into `buffer`; 0 once the last member has ended at the
  // file's end.
  int64_t read(char* buffer, int64_t capacity) {
    stream_.next_out = reinterpret_cast<Bytef*>(buffer);
    stream_.avail_out = static_cast<uInt>(std::min<int64_t>(capacity, UINT_MAX));
    while (stream_.avail_out > 0) {
      if (between_members_) {
        if (!next_member_starts()) break;
      } else if (stream_.avail_in == 0 && fill(0) == 0) {
        corrupt("unexpected end of file");
      }
      const int status = inflate(&stream_, Z_NO_FLUSH);
      if (status == Z_STREAM_END) {
        between_members_ = true;
        inflateReset(&stream_);
      } else if (status == Z_MEM_ERROR) {
        throw std::bad_alloc();
      } else if (status != Z_OK && status != Z_BUF_ERROR) {
        corrupt(stream_.msg ? stream_.msg : "invalid data");
      }
    }
    return capacity - static_cast<int64_t>(stream_.avail_out);
  }

 private:
  // Reads more of the file after the `keep` unread bytes at next_in, which move to the buffer's
  // start; returns how many bytes were read (0 at the file's end).
  size_t fill(size_t keep) {
    std::memmove(input_.data(), stream_.next_in, keep);
    ssize_t got;
    do {
      got = ::read(fd_, input_.data() + keep, input_.size() - keep);
    } while (got < 0 && errno == EINTR);
    if (got < 0) throw std::runtime_error(path_ + ": cannot read: " + std::strerror(errno));
    offset_ += got;
    stream_.next_in = input_.data();
    stream_.avail_in = static_cast<uInt>(keep + static_cast<size_t>(got));
    return static_cast<size_t>(got);
  }

  // After a member: false at the file's end, true when another member follows; throws when
  // other bytes do.
  bool next_member_starts() {
    while (stream_.avail_in < 2 && fill(stream_.avail_in) > 0) {
    }
    if (stream_.avail_in == 0) return false;
    if (stream_.avail_in < 2 || stream_.next_in[0] != 0x1f || stream_.next_in[1] != 0x8b) {
      corrupt("bytes that are not gzip data follow its last member, from byte offset " +
              std::to_string(offset_ - stream_.avail_in));
    }
    between_members_ = false;
    return true;
  }

  [[noreturn]] void corrupt(const std::string& why) const {
    throw std::runtime_error(path_ + ": corrupt gzip corpus: " + why);
  }

  std::string path_;
  int fd_ = -1;
  z_stream stream_{};
  std::vector<Bytef> input_;
  int64_t offset_ = 0;  // bytes of the file read so far
  bool between_members_ = false;
};

}  // namespace

std::shared_ptr<const Spool> spool_gzip(const std::string& path) {
  GzipMembers members(path);
  return std::make_shared<const Spool>(
      path, [&](char* buffer, int64_t capacity) { return members.read(buffer, capacity); });
}

}  // namespace gv
