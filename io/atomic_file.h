// write_file_atomically: a file is either wholly the old one or wholly the new one.
//
// The contents go to a new temporary file in the target's directory first and are renamed over
// the target only once every byte is written and synced to disk, so a crash, a full disk or an
// exception halfway through never leaves a truncated checkpoint or plot behind — and concurrent
// readers never see one either.
//
// The rule for an output path:
//  - A symbolic link is written through, as `cp` and the shell's `>` do: the chain of links is
//    followed to its final target (a dangling link creates it), the temporary goes in that
//    target's directory and is renamed over it, and the link stays a link. Each link is followed
//    only where the kernel's fs.protected_symlinks lets `>` follow it, whether that setting is on
//    or not: in a sticky world-writable directory such as /tmp, a link of this user's or of the
//    directory owner's; another user's link there is refused.
//  - An existing regular file or FIFO (the final target) is written only where the kernel's
//    fs.protected_regular and fs.protected_fifos let `>` open it, whatever those settings: in a
//    sticky world-writable directory, a file of this user's or of the directory owner's; another
//    user's there is refused. A hard link at the path is replaced by the rename: the file it
//    shares with another name is never opened for writing, so it keeps its bytes.
//  - An existing file keeps its permission bits; one that is read-only (no owner write bit, or
//    not writable by this user) is refused. A new file gets 0666 less the umask, as with `>`.
//  - The temporary is created with O_CREAT | O_EXCL under a short name with a random part,
//    ".NAME-XXXXXXXXXX" with NAME the target's name cut to 32 bytes (at most 44 bytes whatever
//    the target's length, so a target of NAME_MAX bytes works), and written through the
//    descriptor that created it: a link planted at any name never redirects a write.
//  - What a rename cannot replace is written in place: a descriptor ("-", /dev/stdout,
//    /dev/stderr, /dev/fd/N, /proc/self/fd/N: never resolved to the file it is open to, which a
//    rename would replace) and an existing target that is neither a regular file nor a directory
//    (a device such as /dev/null, a FIFO). A directory is refused. A FIFO with no reader is
//    waited for without blocking (abandon_waits_when).
#pragma once

#include <atomic>
#include <csignal>
#include <functional>
#include <ostream>
#include <string>

namespace gv {

// The descriptor output `path` names, written to in place: 1 for "-" and "/dev/stdout", 2 for
// "/dev/stderr", N for "/dev/fd/N", "/proc/self/fd/N" and "/proc/thread-self/fd/N"; -1 for any
// other path.
int output_descriptor(const std::string& path);

// Whether `path` names a regular file or one a write would create (links followed): an output
// replaced through a temporary, beside which a lock file or a name derived from it may go. False
// for a descriptor, a device, a FIFO and a directory, beside which nothing of ours belongs
// (/dev/null.ckpt).
bool writes_a_file(const std::string& path);

// The file a write to `path` lands in: `path` itself, or the end of its chain of symbolic links
// (relative links resolved against the directory holding them). A path for which writes_a_file
// is false stays as given. Throws std::runtime_error naming `path` for a chain longer than 40
// links (a loop), or for a link the kernel would not follow (the rule above).
std::string output_target(const std::string& path);

// While one lives, SIGPIPE and SIGXFSZ are ignored: a write into a closed pipe (`--output - |
// head`) or past `ulimit -f` fails with EPIPE or EFBIG, which its writer reports, naming the
// output, and recovers from (a training run keeps its model in a fallback checkpoint), where the
// signal ended the process with no word, its temporaries and lock files left. Nests; the saved
// dispositions come back in turn. write_file_atomically holds one; a training run holds one
// from start to end, for every file it writes (its rare words' spill too).
class WriteFailuresAsErrors {
 public:
  WriteFailuresAsErrors();
  ~WriteFailuresAsErrors();
  WriteFailuresAsErrors(const WriteFailuresAsErrors&) = delete;
  WriteFailuresAsErrors& operator=(const WriteFailuresAsErrors&) = delete;

 private:
  struct sigaction previous_[2];
};

// A FIFO output with no reader yet is waited for (write_file_atomically), until a reader opens
// it, or for 1.5 s more once `flag` is true (a reader started right after a Ctrl-C still reads
// the checkpoint); then the write fails, naming the FIFO. A training run passes its stop
// flag (INT, TERM, HUP), which would otherwise leave it waiting; nullptr: wait with no end.
void abandon_waits_when(const std::atomic<bool>* flag);

// Calls `write` with a binary stream to the temporary file, then renames it into place (or
// with the stream itself, for a descriptor, a device or a FIFO). Throws std::runtime_error naming
// `path` if it is read-only or a directory, or if the file cannot be created, written or
// renamed; an exception from `write` propagates. Either way the temporary file is removed.
void write_file_atomically(const std::string& path,
                           const std::function<void(std::ostream&)>& write);

// Throws std::runtime_error naming `path` unless write_file_atomically(path, ...) could write it
// now: a temporary is created and removed beside its target, and nothing at the target itself is
// created, truncated or changed. For a caller about to do long work whose result would be lost
// if the path turned out unwritable only at the end. A descriptor must be open for writing;
// devices and FIFOs are written in place and left untouched (a device can still fail later:
// /dev/full).
void check_writable(const std::string& path);

// Creates a new empty file `directory/STEM-XXXXXXXXXX.EXTENSION` (the X random) with O_EXCL and
// returns its path: a name nobody could have planted a link at, for a file in a shared directory
// such as /tmp. Throws std::runtime_error naming `directory` if none can be created.
std::string create_unique_file(const std::string& directory, const std::string& stem,
                               const std::string& extension);

}  // namespace gv
