#include "io/temporary_files.h"

#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <stdexcept>
#include <string_view>

#include "io/printable.h"

namespace gv {

namespace {

// More than a process ever holds at once: one atomic write, or a check of each output, plus the
// spools of a few gzip'd corpora.
constexpr int kSlots = 32;

enum SlotState : int { kFree, kFilling, kListed };

struct Slot {
  std::atomic<int> state{kFree};
  char path[PATH_MAX];
};
static_assert(std::atomic<int>::is_always_lock_free, "read from a signal handler");

Slot g_slots[kSlots];

extern "C" void unlink_and_die(int signal) {
  unlink_registered_temporaries();
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(signal, &fallback, nullptr);
  // Blocked while this handler runs: delivered, with the default action, once it returns.
  raise(signal);
}

}  // namespace

int register_temporary(const std::string& path) {
  if (path.size() >= PATH_MAX) return -1;
  for (int slot = 0; slot < kSlots; ++slot) {
    int expected = kFree;
    if (!g_slots[slot].state.compare_exchange_strong(expected, kFilling)) continue;
    std::memcpy(g_slots[slot].path, path.c_str(), path.size() + 1);
    g_slots[slot].state.store(kListed, std::memory_order_release);
    return slot;
  }
  throw std::runtime_error("cannot create " + printable(path) + ": more than " +
                           std::to_string(kSlots) + " temporary files at once");
}

ListedTemporary create_listed_temporary(const std::filesystem::path& directory,
                                        const std::string& prefix, const std::string& suffix,
                                        mode_t mode) {
  if (append_only_directory(directory)) return {.fd = -1, .slot = -1, .error = EPERM, .path = {}};
  static constexpr char kAlphabet[] =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  std::random_device device;  // 62^10 names: a user cannot plant them all
  std::uniform_int_distribution<size_t> pick(0, sizeof(kAlphabet) - 2);
  ListedTemporary file;
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string random(10, ' ');
    for (char& c : random) c = kAlphabet[pick(device)];
    file.path = (directory / (prefix + random + suffix)).string();
    file.slot = register_temporary(file.path);
    // Read as well as written: an unlinked temporary is read back through this descriptor.
    file.fd = ::open(file.path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
    if (file.fd >= 0) return file;
    file.error = errno;
    unregister_temporary(file.slot);
    file.slot = -1;
    if (file.error != EEXIST) break;
  }
  return file;
}

std::filesystem::path temporary_directory() {
  const char* tmpdir = std::getenv("TMPDIR");
  return tmpdir && *tmpdir ? tmpdir : "/tmp";
}

bool append_only_directory(const std::filesystem::path& directory) {
  const int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return false;  // the creation that follows says why
  int flags = 0;
  const bool append_only = ::ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0 && (flags & FS_APPEND_FL);
  ::close(fd);
  return append_only;
}

UnlinkedTemporary open_unlinked_temporary(const std::string& prefix) {
  UnlinkedTemporary file;
  file.directory = temporary_directory();
  // Listed while it has a name, so that a fatal signal in between still unlinks it.
  const ListedTemporary created = create_listed_temporary(file.directory, prefix, "", 0600);
  file.fd = created.fd;
  file.error = created.error;
  if (created.fd >= 0) ::unlink(created.path.c_str());
  unregister_temporary(created.slot);
  return file;
}

void unregister_temporary(int slot) {
  if (slot >= 0) g_slots[slot].state.store(kFree, std::memory_order_release);
}

void unlink_registered_temporaries() {
  for (Slot& slot : g_slots) {
    if (slot.state.load(std::memory_order_acquire) == kListed) ::unlink(slot.path);
  }
}

void unlink_temporaries_on_fatal_signals() {
  struct sigaction action {};
  action.sa_handler = unlink_and_die;
  sigemptyset(&action.sa_mask);
  for (const int signal : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&action.sa_mask, signal);
  for (const int signal : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction current {};
    sigaction(signal, nullptr, &current);
    // Ignored from the start (nohup, a shell's background job): the signal would not end the
    // process, so it stays ignored.
    if (current.sa_handler != SIG_IGN) sigaction(signal, &action, nullptr);
  }
}

}  // namespace gv
