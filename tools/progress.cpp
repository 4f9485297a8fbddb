#include "tools/progress.h"

#include <csignal>
#include <cstdio>

#include "tools/commands.h"

namespace gv::tools {

namespace {

std::atomic<bool> g_interrupted{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");
extern "C" void on_sigint(int) {
  g_interrupted.store(true);
}

}  // namespace

std::string clock_text(double seconds) {
  const long s = static_cast<long>(seconds + 0.5);
  char text[32];
  std::snprintf(text, sizeof(text), "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  return text;
}

void draw_progress_line(double fraction, const char* rate, float lr, double loss,
                        double eta_seconds) {
  const int width = 30;
  const int filled = static_cast<int>(fraction * width + 0.5);
  std::fprintf(stderr, "\r[%.*s%*s] %5.1f%%  %s  lr %-9.3g loss %.4f  ETA %s ", filled,
               "##############################", width - filled, "", 100.0 * fraction, rate, lr,
               loss, clock_text(eta_seconds).c_str());
  std::fflush(stderr);
}

void train_or_checkpoint(bool progress_shown,
                         const std::function<bool(const std::atomic<bool>& stop)>& train,
                         const std::string& checkpoint,
                         const std::function<void(const std::string&)>& save,
                         const std::string& continue_with) {
  g_interrupted = false;
  auto previous = std::signal(SIGINT, on_sigint);
  const bool finished = train(g_interrupted);
  std::signal(SIGINT, previous);
  if (progress_shown) std::fprintf(stderr, "\r\033[K");
  if (finished) return;
  save(checkpoint);
  std::fprintf(stderr, "interrupted: checkpoint written to %s; continue with: %s\n",
               checkpoint.c_str(), continue_with.c_str());
  throw Interrupted("training interrupted");
}

}  // namespace gv::tools
