// What the libFuzzer harnesses share: the input as a file, for readers that take a path, and
// the check that an expected error is one a user can read.
//
// A harness calls the reader on the input and catches the exception type the reader documents
// for bad input; anything else (a crash, a sanitizer report, another exception, a leak, a
// timeout, too much memory) is a finding. A caught error must still be one line naming its
// file, or the harness aborts with the message, which makes that a finding too.
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>

namespace gv::fuzz {

// Stops the run with `what`: libFuzzer records the input as a crash.
[[noreturn]] inline void finding(std::string_view what) {
  std::fprintf(stderr, "fuzz finding: %.*s\n", static_cast<int>(what.size()), what.data());
  std::abort();
}

// An expected error must be one non-empty line that names `file`.
inline void check_error(const std::exception& error, std::string_view file) {
  const std::string_view message = error.what();
  if (message.empty() || message.find('\n') != std::string_view::npos ||
      message.find(file) == std::string_view::npos) {
    finding("error message is not one line naming " + std::string(file) + ": " +
            std::string(message));
  }
}

// A file in memory (memfd) that holds the current input, reachable by a path while it lives:
// one per harness, rewritten for every input, so no input touches the disk.
class InputFile {
 public:
  explicit InputFile(const char* name) : fd_(memfd_create(name, 0)) {
    if (fd_ < 0) finding("memfd_create failed");
    path_ = "/proc/self/fd/" + std::to_string(fd_);
  }
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;
  ~InputFile() { close(fd_); }

  // Replaces the file's bytes with `data` and returns its path.
  const std::string& hold(const uint8_t* data, size_t size) {
    if (ftruncate(fd_, 0) != 0) finding("ftruncate failed");
    for (size_t done = 0; done < size;) {
      const ssize_t n = pwrite(fd_, data + done, size - done, static_cast<off_t>(done));
      if (n <= 0) finding("pwrite failed");
      done += static_cast<size_t>(n);
    }
    return path_;
  }
  const std::string& path() const { return path_; }

 private:
  int fd_;
  std::string path_;
};

}  // namespace gv::fuzz
