// StdinSpool: standard input copied into a temporary file, for `gradvec train --corpus -`.
//
// Training reads its corpus once per epoch and once per thread range, so a stream must be made
// re-readable. Spooling it to a file keeps every training option (epochs, threads, checkpoints
// and resume) working as for a file, at the cost of disk space in $TMPDIR equal to the input;
// streaming instead would force one epoch and one thread. The file is created in $TMPDIR (else
// /tmp) and unlinked at once, kept only by an open descriptor and read again through
// /proc/self/fd/N: however the process ends — an error, Ctrl-C, a kill — nothing is left behind.
#pragma once

#include <string>

namespace gv::tools {

class StdinSpool {
 public:
  // Copies standard input to its end. Throws std::runtime_error when the temporary file cannot
  // be made or written (a full disk names $TMPDIR) or standard input cannot be read.
  StdinSpool();
  ~StdinSpool();
  StdinSpool(const StdinSpool&) = delete;
  StdinSpool& operator=(const StdinSpool&) = delete;

  // A path that opens the spooled bytes again, as often as needed.
  const std::string& path() const { return path_; }

 private:
  int fd_ = -1;
  std::string path_;
};

}  // namespace gv::tools
