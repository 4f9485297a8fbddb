#include "tools/stop_signals.h"

#include <unistd.h>

#include <array>
#include <cstdio>

#include "io/input_pass_stop.h"
#include "io/printable.h"

namespace gv::tools {

namespace {

constexpr std::array<int, 3> kStopSignals = {SIGINT, SIGTERM, SIGHUP};

std::atomic<bool> g_stop{false};
std::atomic<int> g_first{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free,
              "set from a signal handler");

extern "C" void on_stop_signal(int signal) {
  int none = 0;
  if (g_first.compare_exchange_strong(none, signal)) {
    g_stop.store(true);
    return;
  }
  // write(2) alone: nothing else that prints is async-signal-safe. Nothing may be being written
  // (the stop may still be on its way to a step boundary), so the line promises only the rule.
  constexpr char kAbsorbed[] =
      "gradvec: already stopping at the first signal; this one changes nothing (no file is cut "
      "off)\n";
  const ssize_t ignored = ::write(STDERR_FILENO, kAbsorbed, sizeof kAbsorbed - 1);
  (void)ignored;
}

}  // namespace

StopSignals::StopSignals() {
  g_stop = false;
  g_first = 0;
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  // Restarted: a read or write a signal interrupts carries on rather than failing with EINTR.
  action.sa_flags = SA_RESTART;
  // Each handler blocks the others: two signals pending at once (sent while the process was
  // not running) are delivered together, the later frame's handler first, and the one the
  // kernel takes first (the lower number) must be the one that counts.
  sigemptyset(&action.sa_mask);
  for (const int signal : kStopSignals) sigaddset(&action.sa_mask, signal);
  for (size_t i = 0; i < kStopSignals.size(); ++i) {
    sigaction(kStopSignals[i], nullptr, &previous_[i]);
    // A HUP ignored from the start is nohup's: the run is meant to outlive its terminal. (INT
    // is taken even when ignored, as a shell script's background jobs have it: `kill -INT` is
    // how such a script stops one.)
    if (kStopSignals[i] == SIGHUP && previous_[i].sa_handler == SIG_IGN) continue;
    sigaction(kStopSignals[i], &action, nullptr);
  }
  abandon_waits_when(&g_stop);
  stop_input_passes_when(&g_stop);
}

StopSignals::~StopSignals() {
  abandon_waits_when(nullptr);
  stop_input_passes_when(nullptr);
  // After a signal the process is on its way out with that signal's status: one more, put back
  // to its default, would end it with its own instead. They stay ignored to the end.
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  const bool stopping = g_first.load() != 0;
  for (size_t i = 0; i < kStopSignals.size(); ++i) {
    sigaction(kStopSignals[i], stopping ? &ignore : &previous_[i], nullptr);
  }
}

const std::atomic<bool>& StopSignals::stop() const {
  return g_stop;
}

int StopSignals::received() const {
  return g_first.load();
}

int failed_status(int otherwise) {
  const int signal = g_first.load();
  return signal != 0 ? 128 + signal : otherwise;
}

void report_stopped_pass(const InputPassStopped& stopped) {
  std::fprintf(stderr, "interrupted while %s: nothing was written\n",
               printable(stopped.what()).c_str());
}

const char* signal_name(int signal) {
  switch (signal) {
    case SIGINT:
      return "SIGINT";
    case SIGTERM:
      return "SIGTERM";
    case SIGHUP:
      return "SIGHUP";
    default:
      return "a signal";
  }
}

}  // namespace gv::tools
