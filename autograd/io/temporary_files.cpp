#include "autograd/io/temporary_files.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string_view>

#include "autograd/io/printable.h"

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

ListedTemporary create_listed_temporary(std::string& name_template) {
  constexpr std::string_view kPlaceholder = "XXXXXX";
  if (!name_template.ends_with(kPlaceholder)) {
    errno = EINVAL;
    return {-1, -1};
  }
  // Distinct within the process by the counter, across processes by the pid; a name taken all
  // the same (a file left by a process long gone) is passed over by O_EXCL.
  static std::atomic<uint64_t> made{0};
  const size_t at = name_template.size() - kPlaceholder.size();
  for (int attempt = 0; attempt < 1000; ++attempt) {
    uint64_t mix = (made.fetch_add(1) << 32) ^ static_cast<uint64_t>(::getpid());
    mix *= 0x9E3779B97F4A7C15ull;  // spreads the bits over every character
    for (size_t i = 0; i < kPlaceholder.size(); ++i, mix >>= 6) {
      name_template[at + i] =
          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"[mix & 63];
    }
    const int slot = register_temporary(name_template);
    const int fd = ::open(name_template.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd >= 0) return {fd, slot};
    const int error = errno;
    unregister_temporary(slot);
    errno = error;
    if (error != EEXIST) return {-1, -1};
  }
  return {-1, -1};
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
