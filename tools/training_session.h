// TrainingSession: the frame both training commands (train, lm train) run their trainer in.
// Before the work: the outputs are refused when they name an input or each other, readied and
// locked, and where a stopped run's checkpoint goes is decided (StopCheckpoint). During it: the
// progress line, and INT, TERM or HUP stopping the trainer at a step boundary. After it: the
// checkpoint kept and the line that says how to continue, or, for a signal that came during the
// last writes, the line that says they are whole. What differs between the commands (the
// trainer, what is written, the summary) stays in each command.
#pragma once

#include <atomic>
#include <functional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "tools/output_lock.h"
#include "tools/output_paths.h"
#include "tools/progress.h"
#include "tools/stop_signals.h"

namespace gv::tools {

// The files a run reads and writes, by option, as refuse_shared_files takes them.
struct SessionFiles {
  std::vector<PathOption> inputs;
  std::vector<PathOption> outputs;  // the first is --output: the model or its vectors
  // (input, output) options that may name one file: a run resumed from a checkpoint and
  // rewriting it is one run going on.
  std::vector<std::pair<std::string, std::string>> same_run;
  std::string checkpoint;  // --checkpoint; empty when not given
};

class TrainingSession {
 public:
  // `signals` were installed before the options were checked and outlive this; `command`
  // ("train", "lm") names a checkpoint kept in $TMPDIR; `quiet`: no progress line.
  TrainingSession(const StopSignals& signals, const SessionFiles& files, std::string command,
                  bool quiet);
  TrainingSession(const TrainingSession&) = delete;
  TrainingSession& operator=(const TrainingSession&) = delete;

  // Where summaries, "written to" and neighbours go (message_stream of the outputs).
  std::ostream& messages() const { return messages_; }
  // Whether the trainer reports its progress: not --quiet, and progress_shown() (stderr a
  // terminal, or a ProgressRedirect set).
  bool shows_progress() const { return shows_progress_; }

  // Runs `train(stop)`, which returns at its next step boundary once `stop` is set and says
  // whether it finished; clears the progress line it drew. Returns what `train` returned.
  bool run(const std::function<bool(const std::atomic<bool>& stop)>& train) const;

  // After run() returned false: keeps the checkpoint `save` writes, where it was decided, else
  // in $TMPDIR; says where and `continue_with(that path)` on stderr; throws Interrupted for
  // `signal`'s status (or std::runtime_error when nothing could be kept).
  [[noreturn]] void keep_stopped(
      const SaveCheckpoint& save,
      const std::function<std::string(const std::string&)>& continue_with, int signal) const;

  // After the last write: a signal that came too late to stop training (it was held until the
  // writes were done) is reported in one line naming `written`, and Interrupted thrown.
  void end(const std::string& written) const;

 private:
  const StopSignals& signals_;
  OutputLocks locks_;
  StopCheckpoint stop_checkpoint_;
  std::ostream& messages_;
  std::string command_;
  bool shows_progress_;
};

}  // namespace gv::tools
