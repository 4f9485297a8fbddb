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

#include "io/atomic_file.h"
#include "io/printable.h"
#include "io/temporary_files.h"

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
    unregister_temporary(held.slot);
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
  // A lock file this run did not make and will not use: what to do if it is only a leftover.
  const auto refuse = [&](const std::string& what) {
    fail("its lock file " + printable(path) + " " + what +
         "; remove it if no gradvec run is writing " + printable(output));
  };
  for (;;) {
    // A lock file is written only when this run created it. One already there may be a hard
    // link a user planted to a file this run may write and they may not (root's): it is opened
    // read-only, which flock needs no more than, and checked before it is locked. O_NOFOLLOW
    // refuses a symbolic link; O_NONBLOCK keeps a FIFO from waiting for a writer.
    bool created = true;
    int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0 && errno == EEXIST) {
      created = false;
      fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
      if (fd < 0 && errno == ENOENT) continue;  // its run ended meanwhile: create it
    }
    if (fd < 0 && errno == ELOOP) refuse("is a symbolic link");
    if (fd < 0) fail("cannot open its lock file " + printable(path) + ": " + std::strerror(errno));
    struct stat held {};
    ::fstat(fd, &held);
    if (!created && (!S_ISREG(held.st_mode) || held.st_nlink > 1)) {
      ::close(fd);
      refuse(S_ISREG(held.st_mode)
                 ? "has " + std::to_string(held.st_nlink) + " links (another file's?)"
                 : "is not a regular file");
    }
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
    struct stat named {};
    if (::stat(path.c_str(), &named) != 0 || !same_inode(held, named)) {
      ::close(fd);
      continue;
    }
    // A lock left by a run that was killed: replaced by one of this run's, which names its pid.
    // Only the holder of a lock file's flock removes it, so the name is still that file. A file
    // this user may not remove (another's, in a sticky directory) is held as it is.
    if (!created && ::unlink(path.c_str()) == 0) {
      ::close(fd);
      continue;
    }
    if (created) {
      // The pid only improves another run's message: the lock holds without it.
      const std::string pid = std::to_string(::getpid()) + "\n";
      [[maybe_unused]] const ssize_t written = ::pwrite(fd, pid.data(), pid.size(), 0);
    }
    // Listed with the temporaries, so that a signal that ends the process removes it too.
    held_.push_back({path, fd, -1});
    held_.back().slot = register_temporary(path);
    return;
  }
}

}  // namespace gv::tools
