#include "text/corpus/spool.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "io/gunzip_reader.h"
#include "io/input_pass_stop.h"
#include "io/temporary_files.h"

namespace gv {

Spool::Spool(const std::string& source, const Read& read) {
  const UnlinkedTemporary created = open_unlinked_temporary("gradvec-spool-");
  const std::string directory = created.directory.string();
  if (created.fd < 0) {
    throw std::runtime_error(source + ": cannot create a temporary file in " + directory +
                             " to read it from: " + std::strerror(created.error));
  }
  fd_ = created.fd;
  path_ = "/proc/self/fd/" + std::to_string(fd_);
  try {
    std::vector<char> buffer(size_t{1} << 20);
    const std::string doing = "spooling " + source;
    for (int64_t got; (got = read(buffer.data(), static_cast<int64_t>(buffer.size()))) > 0;) {
      throw_if_input_pass_stopped(doing);
      for (int64_t done = 0; done < got;) {
        const ssize_t put = ::write(fd_, buffer.data() + done, static_cast<size_t>(got - done));
        if (put < 0 && errno == EINTR) continue;
        if (put < 0) {
          throw std::runtime_error(source + ": cannot copy it to " + directory + ": " +
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
  return std::make_shared<const Spool>("standard input",
                                       read_descriptor(STDIN_FILENO, "standard input"));
}

std::shared_ptr<const Spool> spool_gzip(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw std::runtime_error(path + ": cannot open gzip corpus: " + std::strerror(errno));
  GunzipReader content(read_descriptor(fd, path));
  const auto read = [&](char* buffer, int64_t capacity) {
    try {
      return content.read(buffer, capacity);
    } catch (const GzipDataError& e) {
      throw std::runtime_error(path + ": corrupt gzip corpus: " + e.what());
    }
  };
  try {
    auto spool = std::make_shared<const Spool>(path, read);  // reads it all
    ::close(fd);
    return spool;
  } catch (...) {
    ::close(fd);
    throw;
  }
}

}  // namespace gv
