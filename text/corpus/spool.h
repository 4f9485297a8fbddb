// Spool: bytes that can be read only once — standard input, a gzip'd file's decompressed
// text — copied into a temporary file that can be read again, for `gradvec train --corpus`.
//
// Training reads its corpus once to count it and again every epoch (unless the counting pass kept
// it, sentence_cache.h) or on resume, each thread its own slice, so a stream must be made
// re-readable. Spooling it to a file keeps every training option (epochs, threads, checkpoints and
// resume) working as for a plain file, at the cost of disk space in $TMPDIR equal to the bytes
// spooled; streaming instead would force one epoch and one thread. The file is created in $TMPDIR
// (else /tmp) and unlinked at once, kept only by an open descriptor and read again through
// /proc/self/fd/N: however the process ends — an error, Ctrl-C, a kill — nothing is left behind.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace gv {

class Spool {
 public:
  // Fills `buffer` with up to `capacity` bytes and returns how many, 0 at the end; throws
  // std::runtime_error naming the source on a read error.
  using Read = std::function<int64_t(char* buffer, int64_t capacity)>;

  // Copies everything `read` yields; `source` names it in messages. Throws std::runtime_error
  // when the temporary file cannot be made or written (a full disk), naming both, and
  // InputPassStopped once stop_input_passes_when's flag is set (io/input_pass_stop.h).
  Spool(const std::string& source, const Read& read);
  ~Spool();
  Spool(const Spool&) = delete;
  Spool& operator=(const Spool&) = delete;

  // A path that opens the spooled bytes again, as often as needed.
  const std::string& path() const { return path_; }

 private:
  int fd_ = -1;
  std::string path_;
};

// Standard input, spooled.
std::shared_ptr<const Spool> spool_stdin();
// The decompressed contents of gzip file `path`: every member of a multi-member file, in order
// (gzip -c a >x; gzip -c b >>x reads as a then b). Throws std::runtime_error naming the path for
// data zlib cannot decompress, a truncated file, or bytes after the last member that do not
// start another (naming their offset).
std::shared_ptr<const Spool> spool_gzip(const std::string& path);

}  // namespace gv
