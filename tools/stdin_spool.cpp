#include "tools/stdin_spool.h"

#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <vector>

namespace gv::tools {

StdinSpool::StdinSpool() {
  const char* tmpdir = std::getenv("TMPDIR");
  std::string name =
      (std::filesystem::path(tmpdir && *tmpdir ? tmpdir : "/tmp") / "gradvec-stdin-XXXXXX")
          .string();
  fd_ = ::mkstemp(name.data());
  if (fd_ < 0) {
    throw std::runtime_error("--corpus -: cannot create a temporary file for standard input as " +
                             name + ": " + std::strerror(errno));
  }
  ::unlink(name.c_str());
  path_ = "/proc/self/fd/" + std::to_string(fd_);
  const auto fail = [&](const std::string& what) {
    const std::string message = "--corpus -: " + what + ": " + std::strerror(errno);
    ::close(fd_);
    throw std::runtime_error(message);
  };
  std::vector<char> buffer(size_t{1} << 20);
  while (true) {
    const ssize_t got = ::read(STDIN_FILENO, buffer.data(), buffer.size());
    if (got == 0) break;
    if (got < 0) {
      if (errno == EINTR) continue;
      fail("cannot read standard input");
    }
    for (ssize_t done = 0; done < got;) {
      const ssize_t put = ::write(fd_, buffer.data() + done, static_cast<size_t>(got - done));
      if (put < 0 && errno == EINTR) continue;
      if (put < 0) fail("cannot copy standard input to " + name);
      done += put;
    }
  }
}

StdinSpool::~StdinSpool() {
  ::close(fd_);
}

}  // namespace gv::tools
