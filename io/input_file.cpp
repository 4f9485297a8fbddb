#include "io/input_file.h"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace gv {

namespace {

// What a path that is not a regular file is, for the message that refuses it.
const char* file_kind(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "a special file";
}

}  // namespace

int64_t require_regular_file(const std::string& path, std::string_view what, std::string_view why) {
  const std::string role(what);
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    if (errno == ENOENT) throw std::runtime_error(path + ": " + role + " not found");
    throw std::runtime_error(path + ": cannot read " + role + ": " + std::strerror(errno));
  }
  if (S_ISDIR(info.st_mode)) {
    throw std::runtime_error(path + ": " + role + " is a directory, not a file");
  }
  if (!S_ISREG(info.st_mode)) {
    throw std::runtime_error(path + ": " + role + " is " + file_kind(info.st_mode) +
                             ", not a regular file" +
                             (why.empty() ? "" : " (" + std::string(why) + ")"));
  }
  return static_cast<int64_t>(info.st_size);
}

int64_t open_regular_file(const std::string& path, std::string_view what, std::ifstream& file,
                          std::string_view why) {
  const int64_t size = require_regular_file(path, what, why);
  file.open(path, std::ios::binary);
  if (!file) {
    throw std::runtime_error(path + ": cannot open " + std::string(what) + ": " +
                             std::strerror(errno));
  }
  return size;
}

}  // namespace gv
