#include "io/input_pass_stop.h"

#include <poll.h>

#include <cerrno>

namespace gv {

namespace {

std::atomic<const std::atomic<bool>*> g_pass_stop{nullptr};

}  // namespace

void stop_input_passes_when(const std::atomic<bool>* flag) {
  g_pass_stop.store(flag);
}

const std::atomic<bool>* input_pass_stop_flag() {
  return g_pass_stop.load();
}

bool input_pass_stop_asked() {
  const std::atomic<bool>* stop = g_pass_stop.load(std::memory_order_relaxed);
  return stop != nullptr && stop->load(std::memory_order_relaxed);
}

void throw_if_input_pass_stopped(const std::string& doing) {
  if (input_pass_stop_asked()) throw InputPassStopped(doing);
}

void wait_until_readable(int fd, const std::string& doing) {
  if (g_pass_stop.load() == nullptr) return;  // the read may block: nothing would stop it anyway
  pollfd waiting{fd, POLLIN, 0};
  for (;;) {
    const int ready = ::poll(&waiting, 1, 100);
    // Bytes, the writer gone (POLLHUP) or an error: the read that follows tells which.
    if (ready > 0 || (ready < 0 && errno != EINTR)) return;
    throw_if_input_pass_stopped(doing);
  }
}

}  // namespace gv
