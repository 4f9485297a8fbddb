#include "tools/output_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "autograd/io/atomic_file.h"
#include "autograd/io/printable.h"

namespace gv::tools {

namespace {

// ".NAME.lock" beside `target`; a name too long for that keeps its first bytes and a hash of the
// whole, so that every run still computes the same lock for the same output.
std::string lock_path(const std::string& target) {
  const std::filesystem::path path(target);
  std::string name = path.filename().string();
  if (name.size() + 6 > NAME_MAX) {
    uint64_t hash = 14695981039346656037ull;  // FNV-1a
    for (const unsigned char c : name) hash = (hash ^ c) * 1099511628211ull;
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    name = name.substr(0, 200) + "-" + hex;
  }
  return (path.parent_path() / ("." + name + ".lock")).string();
}

bool same_inode(const struct stat& a, const struct stat& b) {
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

// The pid the holder wrote into the lock file, or 0 if it has not yet.
long holder_pid(int fd) {
  char text[32] = {};
  const ssize_t got = ::pread(fd, text, sizeof text - 1, 0);
  return got > 0 ? std::strtol(text, nullptr, 10) : 0;
}

// The pid only improves another run's message: the lock holds without it.
bool record_pid(int fd) {
  const std::string pid = std::to_string(::getpid()) + "\n";
  return ::ftruncate(fd, 0) == 0 &&
         ::pwrite(fd, pid.data(), pid.size(), 0) == static_cast<ssize_t>(pid.size());
}

}  // namespace

OutputLocks::OutputLocks(const std::vector<std::string>& outputs) {
  try {
    for (const std::string& output : outputs) {
      if (!output.empty()) lock(output);
    }
  } catch (...) {
    release();  // no destructor runs for an object whose constructor threw
    throw;
  }
}

OutputLocks::~OutputLocks() {
  release();
}

void OutputLocks::release() {
  for (const Held& held : held_) {
    ::unlink(held.path.c_str());
    ::close(held.fd);
  }
  held_.clear();
}

void OutputLocks::lock(const std::string& output) {
  if (!writes_a_file(output)) return;
  const std::string path = lock_path(output_target(output));
  const auto fail = [&](const std::string& why) {
    throw std::runtime_error("cannot write " + printable(output) + ": " + why);
  };
  for (;;) {
    // O_NOFOLLOW: a link planted at the lock's name is refused, never written through.
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0)
      fail("cannot create its lock file " + printable(path) + ": " + std::strerror(errno));
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int error = errno;
      const long pid = holder_pid(fd);
      ::close(fd);
      if (error != EWOULDBLOCK)
        fail("cannot lock " + printable(path) + ": " + std::strerror(error));
      fail("it is being written by another gradvec run" +
           (pid > 0 ? " (pid " + std::to_string(pid) + ")" : std::string()));
    }
    // A run ending between our open and our flock removed the file we hold: lock the new one.
    struct stat held {
    }, named{};
    if (::fstat(fd, &held) == 0 && ::stat(path.c_str(), &named) == 0 && same_inode(held, named)) {
      record_pid(fd);
      held_.push_back({path, fd});
      return;
    }
    ::close(fd);
  }
}

}  // namespace gv::tools
