#include "autograd/io/corpus_file.h"

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

int64_t open_corpus(const std::string& path, std::ifstream& file) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0) {
    if (errno == ENOENT) throw std::runtime_error(path + ": corpus not found");
    throw std::runtime_error(path + ": cannot read corpus: " + std::strerror(errno));
  }
  if (S_ISDIR(info.st_mode)) throw std::runtime_error(path + ": corpus is a directory, not a file");
  // Training reads a corpus once to count its words and again every epoch, from several
  // threads at once: a stream (a FIFO, a terminal, /dev/stdin) cannot be read so.
  if (!S_ISREG(info.st_mode)) {
    throw std::runtime_error(path + ": corpus is " + file_kind(info.st_mode) +
                             ", not a regular file (a corpus is read more than once)");
  }
  file.open(path, std::ios::binary);
  if (!file) throw std::runtime_error(path + ": cannot open corpus: " + std::strerror(errno));
  return static_cast<int64_t>(info.st_size);
}

}  // namespace gv
