#include "word2vec/spool.h"

#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <vector>

#include "autograd/io/temporary_files.h"

namespace gv {

Spool::Spool(const std::string& source, const Read& read) {
  const char* tmpdir = std::getenv("TMPDIR");
  std::string name =
      (std::filesystem::path(tmpdir && *tmpdir ? tmpdir : "/tmp") / "gradvec-spool-XXXXXX")
          .string();
  const ListedTemporary created = create_listed_temporary(name);
  if (created.fd < 0) {
    const int error = errno;
    throw std::runtime_error(source + ": cannot create a temporary file " + name +
                             " to read it from: " + std::strerror(error));
  }
  fd_ = created.fd;
  ::unlink(name.c_str());
  unregister_temporary(created.slot);
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

std::shared_ptr<const Spool> spool_gzip(const std::string& path) {
  const std::unique_ptr<gzFile_s, int (*)(gzFile)> file(gzopen(path.c_str(), "rb"), gzclose);
  if (!file) throw std::runtime_error(path + ": cannot open gzip corpus: " + std::strerror(errno));
  return std::make_shared<const Spool>(path, [&](char* buffer, int64_t capacity) {
    const int got =
        gzread(file.get(), buffer, static_cast<unsigned>(std::min<int64_t>(capacity, INT_MAX)));
    int error = Z_OK;
    const char* message = gzerror(file.get(), &error);
    if (got < 0 || (error != Z_OK && error != Z_STREAM_END)) {
      // zlib's message starts with the path already.
      const std::string why = message;
      const std::string prefix = path + ": ";
      throw std::runtime_error(path + ": corrupt gzip corpus: " +
                               (why.starts_with(prefix) ? why.substr(prefix.size()) : why));
    }
    return static_cast<int64_t>(got);
  });
}

}  // namespace gv
