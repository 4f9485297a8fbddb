#include "io/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <chrono>
#include <climits>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string_view>

#include "io/descriptor_stream.h"
#include "io/printable.h"
#include "io/temporary_files.h"

namespace gv {

namespace {

// Linux's own limit on the links one path lookup follows.
constexpr int kMaxLinks = 40;
// The bytes of the target's name a temporary's name keeps, so that it stays recognisable.
constexpr size_t kKeptNameBytes = 32;
constexpr int kRandomCharacters = 10;  // create_listed_temporary's

std::runtime_error cannot_write(const std::string& path, const std::string& why) {
  return std::runtime_error("cannot write " + printable(path) + ": " + why);
}

std::filesystem::path directory_of(const std::string& target) {
  const std::filesystem::path directory = std::filesystem::path(target).parent_path();
  return directory.empty() ? "." : directory;
}

// ".NAME-": the target's name cut to kKeptNameBytes, not inside a UTF-8 character.
std::string temporary_prefix(const std::string& target) {
  std::string name = std::filesystem::path(target).filename().string();
  if (name.size() > kKeptNameBytes) {
    size_t cut = kKeptNameBytes;
    while (cut > 0 && (static_cast<unsigned char>(name[cut]) & 0xC0) == 0x80) --cut;
    name.resize(cut);
  }
  return "." + name + "-";
}
static_assert(1 + kKeptNameBytes + 1 + kRandomCharacters <= NAME_MAX);

// Throws naming `shown` if `directory` is append-only (chattr +a), where every temporary would
// stay behind: it could be neither renamed into place nor removed.
void refuse_append_only(const std::filesystem::path& directory, const std::string& shown) {
  if (append_only_directory(directory)) {
    throw cannot_write(shown, "its directory " + printable(directory.string()) +
                                  " is append-only (chattr +a): a file written there through a "
                                  "temporary could be neither renamed into place nor removed");
  }
}

// The new file beside the target, removed unless dismissed: covers every early exit, thrown or
// not. The one place a temporary comes into being and goes away.
class TemporaryFile {
 public:
  // `shown` names the output in messages (the path as the user gave it).
  TemporaryFile(const std::string& target, const std::string& shown) {
    refuse_append_only(directory_of(target), shown);
    const ListedTemporary file =
        create_listed_temporary(directory_of(target), temporary_prefix(target), "", 0666);
    if (file.fd < 0) throw cannot_write(shown, std::strerror(file.error));
    fd_ = file.fd;
    slot_ = file.slot;
    path_ = file.path;
  }
  ~TemporaryFile() {
    close();
    if (!path_.empty()) ::unlink(path_.c_str());
    unregister_temporary(slot_);
  }
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;

  int fd() const { return fd_; }
  const std::string& path() const { return path_; }
  // False if closing reported an error (NFS reports some write errors only here).
  bool close() {
    const bool closed = fd_ < 0 || ::close(fd_) == 0;
    fd_ = -1;
    return closed;
  }
  // The file has been renamed into place: it is no longer ours to remove.
  void dismiss() {
    path_.clear();
    unregister_temporary(slot_);
    slot_ = -1;
  }

 private:
  int fd_ = -1;
  int slot_ = -1;  // in the list a fatal signal's handler unlinks
  std::string path_;
};

// Throws naming `shown` if `path`, whose stat or lstat is `info`, is `what` ("the symbolic
// link") of a user's whom the kernel's fs.protected_* rule `rule` keeps this user (the euid) from:
// in a sticky world-writable directory (/tmp), one neither this user's nor the directory owner's,
// which another user planted where this run would write. `>` would not follow such a link
// (protected_symlinks: it is how a write by root is sent into a directory that user cannot
// write), nor open such a regular file or FIFO (protected_regular, protected_fifos: one planted
// for root to write and its owner to read, or feed). The rules hold whatever the settings: a
// machine or container that turned them off (as some sandboxes ship) has no less need of them,
// and a refusal there only asks for another path.
void check_protected(const std::filesystem::path& path, const struct stat& info, const char* what,
                     const char* verb, const char* rule, const std::string& shown) {
  if (info.st_uid == ::geteuid()) return;
  struct stat directory {};
  if (::stat(directory_of(path.string()).c_str(), &directory) != 0)
    throw cannot_write(shown, std::strerror(errno));
  constexpr mode_t kShared = S_ISVTX | S_IWOTH;
  if ((directory.st_mode & kShared) != kShared || directory.st_uid == info.st_uid) return;
  throw cannot_write(shown, std::string(what) + " " + printable(path.string()) +
                                " belongs to uid " + std::to_string(info.st_uid) +
                                ", in a sticky world-writable directory of uid " +
                                std::to_string(directory.st_uid) + ": only its owner or the " +
                                "directory's " + verb + " it (" + rule + ")");
}

// How an existing target is written: true for one a rename cannot replace (a device, a FIFO).
// Throws for a directory, for a regular file or FIFO another user planted (check_protected), and
// for a regular file that is read-only: replacing it would discard what its mode says.
bool check_existing_target(const std::string& target, const struct stat& info,
                           const std::string& shown) {
  if (S_ISDIR(info.st_mode)) throw cannot_write(shown, "is a directory");
  if (S_ISFIFO(info.st_mode))
    check_protected(target, info, "the FIFO", "writes", "protected_fifos", shown);
  if (!S_ISREG(info.st_mode)) return true;
  check_protected(target, info, "the file", "writes", "protected_regular", shown);
  if ((info.st_mode & S_IWUSR) == 0) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "%04o", info.st_mode & 07777);
    throw cannot_write(shown, std::string("the file is read-only (mode ") + mode + ")");
  }
  if (::access(target.c_str(), W_OK) != 0) throw cannot_write(shown, std::strerror(errno));
  return false;
}

// Writes to `fd`, which `path` names (output_descriptor), without closing it. Standard output
// goes through std::cout, whose buffer may hold what was printed before.
void write_to_descriptor(const std::string& path, int fd,
                         const std::function<void(std::ostream&)>& write) {
  if (fd == STDOUT_FILENO) {
    errno = 0;
    write(std::cout);
    if (!std::cout.flush()) {
      const std::string why = write_failed(errno);  // the failed write(2)'s, std::cout keeps none
      throw path == "-" ? std::runtime_error("cannot write to standard output: " + why)
                        : cannot_write(path, why);
    }
    return;
  }
  std::cout.flush();  // what went to standard output before stays before, should both be one file
  DescriptorStream out(fd);
  write(out);
  if (!out.flush()) throw cannot_write(path, write_failed(out.error()));
}

const std::atomic<bool>* g_abandon_waits = nullptr;

// How long a FIFO's reader may still come once g_abandon_waits is set: a reader started just
// after a Ctrl-C (`cat run.ckpt`) still gets the checkpoint, and the stop stays within 2 s.
constexpr auto kReaderGrace = std::chrono::milliseconds(1500);

// Opens for writing the existing device or FIFO `path`. A FIFO is opened without waiting and,
// with no reader yet (ENXIO), tried again every 50 ms until one comes, or until kReaderGrace
// after g_abandon_waits was seen set: a blocking open would wait for a reader forever, deaf to
// the signals a training run absorbs.
int open_in_place(const std::string& path) {
  std::optional<std::chrono::steady_clock::time_point> stopped;
  for (;;) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd >= 0) {
      // Writes wait for the reader again, as they would through `>`.
      ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
      return fd;
    }
    const int error = errno;
    struct stat info {};
    if (error != ENXIO || ::stat(path.c_str(), &info) != 0 || !S_ISFIFO(info.st_mode))
      throw std::runtime_error("cannot open " + printable(path) + ": " + std::strerror(error));
    if (!stopped && g_abandon_waits != nullptr && g_abandon_waits->load())
      stopped = std::chrono::steady_clock::now();
    if (stopped && std::chrono::steady_clock::now() - *stopped > kReaderGrace)
      throw cannot_write(
          path, "no reader opened the FIFO within 1.5 s of the signal that stopped the run");
    ::usleep(50'000);
  }
}

void write_in_place(const std::string& path, const std::function<void(std::ostream&)>& write) {
  const int fd = open_in_place(path);
  DescriptorStream out(fd);
  write(out);
  const bool flushed = static_cast<bool>(out.flush());
  const int error = flushed ? (::close(fd) == 0 ? 0 : errno) : out.error();
  if (!flushed) ::close(fd);
  if (!flushed || error != 0) throw cannot_write(path, write_failed(error));
}

// Throws naming `path` unless descriptor `fd` is open for writing.
void check_descriptor(const std::string& path, int fd) {
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0) throw cannot_write(path, std::strerror(errno));
  if ((flags & O_ACCMODE) == O_RDONLY)
    throw cannot_write(path, "the descriptor is open for reading only");
}

}  // namespace

int output_descriptor(const std::string& path) {
  if (path == "-" || path == "/dev/stdout") return STDOUT_FILENO;
  if (path == "/dev/stderr") return STDERR_FILENO;
  for (const std::string_view prefix : {"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"}) {
    if (!path.starts_with(prefix) || path.size() == prefix.size()) continue;
    const std::string_view digits = std::string_view(path).substr(prefix.size());
    int fd = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), fd);
    return error == std::errc() && end == digits.data() + digits.size() ? fd : -1;
  }
  return -1;
}

bool writes_a_file(const std::string& path) {
  struct stat info {};
  return output_descriptor(path) < 0 && (::stat(path.c_str(), &info) != 0 || S_ISREG(info.st_mode));
}

std::string output_target(const std::string& path) {
  // What is not a regular file is opened by name and written in place, and the kernel resolves
  // its links, under its own rules; a descriptor's name is not resolved at all.
  if (!writes_a_file(path)) return path;
  std::filesystem::path target = path;
  for (int links = 0;; ++links) {
    struct stat info {};
    if (::lstat(target.c_str(), &info) != 0 || !S_ISLNK(info.st_mode)) return target.string();
    if (links == kMaxLinks) throw cannot_write(path, std::strerror(ELOOP));
    check_protected(target, info, "the symbolic link", "follows", "protected_symlinks", path);
    std::error_code error;
    const std::filesystem::path link = std::filesystem::read_symlink(target, error);
    if (error) throw cannot_write(path, error.message());
    target = link.is_absolute() ? link : target.parent_path() / link;
  }
}

void write_file_atomically(const std::string& path,
                           const std::function<void(std::ostream&)>& write) {
  const WriteFailuresAsErrors failures_reported;
  const std::string target = output_target(path);
  if (const int fd = output_descriptor(target); fd >= 0) {
    write_to_descriptor(target, fd, write);
    return;
  }
  struct stat existing {};
  const bool exists = ::stat(target.c_str(), &existing) == 0;
  if (exists && check_existing_target(target, existing, path)) {
    write_in_place(target, write);
    return;
  }
  TemporaryFile temporary(target, path);
  // The old file's permissions carry over to the new one; a new file keeps what the umask gave.
  if (exists && ::fchmod(temporary.fd(), existing.st_mode & 0777) != 0)
    throw cannot_write(path, std::strerror(errno));
  DescriptorStream out(temporary.fd());
  write(out);
  if (!out.flush()) throw cannot_write(path, write_failed(out.error()));
  // Without this a crash soon after the rename could leave the new name on disk but not the
  // data behind it: an empty or partial file where the old one used to be.
  if (::fsync(temporary.fd()) != 0)
    throw std::runtime_error("cannot sync " + printable(path) + ": " + std::strerror(errno));
  if (!temporary.close()) throw cannot_write(path, std::strerror(errno));
  if (::rename(temporary.path().c_str(), target.c_str()) != 0)
    throw std::runtime_error("cannot rename into " + printable(path) + ": " + std::strerror(errno));
  temporary.dismiss();
}

void check_writable(const std::string& path) {
  const std::string target = output_target(path);
  if (const int fd = output_descriptor(target); fd >= 0) {
    check_descriptor(target, fd);
    return;
  }
  struct stat existing {};
  if (::stat(target.c_str(), &existing) == 0 && check_existing_target(target, existing, path))
    return;
  const TemporaryFile temporary(target, path);
}

std::string create_unique_file(const std::string& directory, const std::string& stem,
                               const std::string& extension) {
  refuse_append_only(directory, directory);
  const ListedTemporary file =
      create_listed_temporary(directory, stem + "-", "." + extension, 0666);
  if (file.fd < 0) throw cannot_write(directory, std::strerror(file.error));
  ::close(file.fd);
  unregister_temporary(file.slot);  // a name kept for what the caller writes there next
  return file.path;
}

WriteFailuresAsErrors::WriteFailuresAsErrors() {
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGPIPE, &ignore, &previous_[0]);
  sigaction(SIGXFSZ, &ignore, &previous_[1]);
}

WriteFailuresAsErrors::~WriteFailuresAsErrors() {
  sigaction(SIGPIPE, &previous_[0], nullptr);
  sigaction(SIGXFSZ, &previous_[1], nullptr);
}

void abandon_waits_when(const std::atomic<bool>* flag) {
  g_abandon_waits = flag;
}

}  // namespace gv
