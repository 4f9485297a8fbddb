#include "tools/progress.h"

#include <unistd.h>

#include <cstdio>
#include <exception>
#include <filesystem>
#include <stdexcept>
#include <utility>

#include "io/atomic_file.h"
#include "io/printable.h"
#include "io/temporary_files.h"
#include "tools/commands.h"
#include "tools/out_of_memory.h"

namespace gv::tools {

std::string clock_text(double seconds) {
  const long s = static_cast<long>(seconds + 0.5);
  char text[32];
  std::snprintf(text, sizeof(text), "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  return text;
}

namespace {

// The redirect of this thread's reports; null: standard error's line.
thread_local const ProgressSink* redirected = nullptr;

}  // namespace

ProgressRedirect::ProgressRedirect(ProgressSink sink)
    : sink_(std::move(sink)), previous_(redirected) {
  redirected = &sink_;
}

ProgressRedirect::~ProgressRedirect() {
  redirected = previous_;
}

bool progress_shown() {
  return redirected != nullptr || isatty(STDERR_FILENO) == 1;
}

void report_progress(const ProgressReport& report) {
  if (redirected != nullptr) {
    (*redirected)(report);
    return;
  }
  const double fraction = report.total > 0 ? double(report.done) / double(report.total) : 1.0;
  const double rate = report.seconds > 0 ? double(report.done) / report.seconds : 0.0;
  const double eta = rate > 0 ? double(report.total - report.done) / rate : 0.0;
  char rate_text[48];
  if (rate >= 1000) {
    std::snprintf(rate_text, sizeof rate_text, "%7.1fk %s/s", rate / 1000.0, report.unit);
  } else {
    std::snprintf(rate_text, sizeof rate_text, "%6.2f %s/s", rate, report.unit);
  }
  const int width = 30;
  const int filled = static_cast<int>(fraction * width + 0.5);
  std::fprintf(stderr, "\r[%.*s%*s] %5.1f%%  %s  lr %-9.3g loss %.4f  ETA %s ", filled,
               "##############################", width - filled, "", 100.0 * fraction, rate_text,
               report.lr, report.loss, clock_text(eta).c_str());
  std::fflush(stderr);
}

void clear_progress_line() {
  if (redirected == nullptr) std::fprintf(stderr, "\r\033[K");
}

void end_if_signalled(const StopSignals& signals, const char* work, const std::string& written) {
  const int signal = signals.received();
  if (signal == 0) return;
  std::fprintf(stderr, "gradvec: %s came after %s had finished; %s is written in full\n",
               signal_name(signal), work, printable(written).c_str());
  throw Interrupted(signal);
}

std::string shell_quoted(const std::string& word) {
  if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                              "0123456789_-./:=+,%@") == std::string::npos) {
    return word;
  }
  if (printable(word) != word) {
    std::string quoted = "$'";
    for (const char c : word) {
      const auto byte = static_cast<unsigned char>(c);
      if (byte < 0x20 || byte >= 0x7f) {
        char escaped[5];
        std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
        quoted += escaped;
      } else {
        if (c == '\\' || c == '\'') quoted += '\\';
        quoted += c;
      }
    }
    return quoted + "'";
  }
  std::string quoted = "'";
  for (char c : word) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

KeptCheckpoint keep_checkpoint(const SaveCheckpoint& save, const std::string& path,
                               const std::string& command) {
  KeptCheckpoint kept;
  const auto tried = [&](const std::string& candidate) {
    try {
      save(candidate);
      kept.path = candidate;
      return true;
    } catch (const std::exception& e) {
      kept.failure += (kept.failure.empty() ? "" : "; ") +
                      failure_message(e, "writing the checkpoint " + printable(candidate));
      return false;
    }
  };
  if (!path.empty() && tried(path)) return kept;
  try {
    const std::string fallback = create_unique_file(
        temporary_directory(), "gradvec-" + command + "-" + std::to_string(::getpid()), "ckpt");
    // Created new, so no input can be it; locked all the same while it is written, as every
    // output is, so that no other run (convert) writes it meanwhile.
    const OutputLocks lock({fallback});
    if (!tried(fallback)) std::filesystem::remove(fallback);
  } catch (const std::exception& e) {
    kept.failure += (kept.failure.empty() ? "" : "; ") + std::string(e.what());
  }
  return kept;
}

StopCheckpoint::StopCheckpoint(const std::string& checkpoint, const std::string& output,
                               const std::vector<PathOption>& inputs,
                               const std::vector<PathOption>& outputs) {
  if (!checkpoint.empty()) {
    path_ = checkpoint;  // a named output: checked and locked with the others
    return;
  }
  if (!writes_a_file(output)) {
    not_beside_ = "no checkpoint beside --output " + output + ", which is not a regular file";
    return;
  }
  const PathOption beside{"the default checkpoint", output + ".ckpt"};
  std::vector<PathOption> written = outputs;
  written.push_back(beside);
  try {
    refuse_shared_files(inputs, written, {{"--resume", beside.option}});
    lock_.emplace(std::vector<std::string>{beside.path});
    path_ = beside.path;
  } catch (const std::runtime_error& e) {
    not_beside_ = "no checkpoint beside --output " + output + ": " + e.what();
  }
}

void keep_interrupted(const SaveCheckpoint& save, const StopCheckpoint& where,
                      const std::string& command,
                      const std::function<std::string(const std::string&)>& continue_with,
                      int signal) {
  KeptCheckpoint kept = keep_checkpoint(save, where.path(), command);
  if (!where.not_beside().empty()) {
    kept.failure = where.not_beside() + (kept.failure.empty() ? "" : "; " + kept.failure);
  }
  if (kept.path.empty()) throw std::runtime_error("interrupted, and " + kept.failure);
  std::fprintf(stderr, "interrupted: %scheckpoint written to %s; continue with: %s\n",
               kept.failure.empty() ? "" : printable(kept.failure + "; ").c_str(),
               printable(kept.path).c_str(), printable(continue_with(kept.path)).c_str());
  throw Interrupted(signal);
}

}  // namespace gv::tools
