#include "autograd/io/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "autograd/io/printable.h"
#include "autograd/io/temporary_files.h"

namespace gv {

namespace {

// Removes the temporary file unless dismissed: covers every early exit, thrown or not.
class TemporaryFile {
 public:
  explicit TemporaryFile(std::string path)
      : path_(std::move(path)), slot_(register_temporary(path_)) {}
  ~TemporaryFile() {
    if (!path_.empty()) {
      std::error_code ignored;
      std::filesystem::remove(path_, ignored);
    }
    unregister_temporary(slot_);
  }
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;
  const std::string& path() const { return path_; }
  void dismiss() { path_.clear(); }

 private:
  std::string path_;
  int slot_;
};

// Without this a crash soon after the rename could leave the new name on disk but not the
// data behind it: an empty or partial file where the old one used to be.
void sync_to_disk(const std::string& temporary_path, const std::string& path) {
  const int fd = ::open(temporary_path.c_str(), O_RDONLY | O_CLOEXEC);
  const bool synced = fd >= 0 && ::fsync(fd) == 0;
  const int error = errno;
  if (fd >= 0) ::close(fd);
  if (!synced)
    throw std::runtime_error("cannot sync " + printable(path) + ": " + std::strerror(error));
}

// "-", or an existing path a rename cannot replace: a device or a FIFO (a directory is refused).
bool written_in_place(const std::string& path) {
  if (path == "-") return true;
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode) && !S_ISDIR(info.st_mode);
}

// A directory cannot be replaced by a file: refused before anything is written.
void refuse_directory(const std::string& path) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    throw std::runtime_error("cannot write " + printable(path) + ": is a directory");
  }
}

std::string temporary_name(const std::string& path) {
  return path + ".tmp." + std::to_string(::getpid());
}

void write_in_place(const std::string& path, const std::function<void(std::ostream&)>& write) {
  if (path == "-") {
    write(std::cout);
    if (!std::cout.flush()) throw std::runtime_error("cannot write to standard output");
    return;
  }
  std::ofstream out(path, std::ios::binary);
  if (!out)
    throw std::runtime_error("cannot open " + printable(path) + ": " + std::strerror(errno));
  write(out);
  out.close();
  if (out.fail()) throw std::runtime_error("cannot write " + printable(path) + ": write failed");
}

}  // namespace

void write_file_atomically(const std::string& path,
                           const std::function<void(std::ostream&)>& write) {
  if (written_in_place(path)) {
    write_in_place(path, write);
    return;
  }
  refuse_directory(path);
  TemporaryFile temporary(temporary_name(path));
  std::ofstream out(temporary.path(), std::ios::binary | std::ios::trunc);
  if (!out) {
    throw std::runtime_error("cannot create " + printable(temporary.path()) + " (to write " +
                             printable(path) + "): " + std::strerror(errno));
  }
  write(out);
  out.flush();
  out.close();
  if (out.fail())
    throw std::runtime_error("cannot write " + printable(path) + ": write failed (disk full?)");
  sync_to_disk(temporary.path(), path);
  std::error_code error;
  std::filesystem::rename(temporary.path(), path, error);
  if (error)
    throw std::runtime_error("cannot rename into " + printable(path) + ": " + error.message());
  temporary.dismiss();
}

void check_writable(const std::string& path) {
  if (written_in_place(path)) return;
  refuse_directory(path);
  TemporaryFile temporary(temporary_name(path));
  const int fd = ::open(temporary.path().c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0)
    throw std::runtime_error("cannot write " + printable(path) + ": " + std::strerror(errno));
  ::close(fd);
}

}  // namespace gv
