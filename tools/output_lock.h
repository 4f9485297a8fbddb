// OutputLocks: one run at a time writes an output. Two runs given the same --output would
// otherwise interleave their writes: the vectors of one beside the checkpoint of the other.
//
// Each regular-file output (existing or not; descriptors, devices and FIFOs are not locked) gets
// a hidden lock file beside its target, ".NAME.lock", held with flock(LOCK_EX | LOCK_NB) for the
// run and removed at its end (and by the fatal-signal handler, as a temporary). The kernel
// releases a flock when its process dies, so a lock file left by a killed run never blocks the
// next one, which takes it over. A lock file is written (its holder's pid) only when its run
// created it: one found there is opened read-only, and refused when it is no regular file or
// has another link, since a name in a shared directory may be a link to someone else's file.
#pragma once

#include <string>
#include <vector>

namespace gv::tools {

class OutputLocks {
 public:
  // Locks each of `outputs` (empty ones skipped); their directories must exist. Throws
  // std::runtime_error naming the output ("cannot write v.vec: it is being written by another
  // gradvec run (pid 123)") if another run holds it, releasing what it had taken.
  explicit OutputLocks(const std::vector<std::string>& outputs);
  // Removes each lock file while still holding it, then releases it.
  ~OutputLocks();
  OutputLocks(const OutputLocks&) = delete;
  OutputLocks& operator=(const OutputLocks&) = delete;

 private:
  struct Held {
    std::string path;  // the lock file
    int fd;
    int slot;  // in the temporaries a fatal signal's handler unlinks
  };
  void lock(const std::string& output);
  void release();

  std::vector<Held> held_;
};

}  // namespace gv::tools
