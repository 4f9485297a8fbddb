// What the training commands (train, lm train) share: the progress line redrawn in place, and
// INT, TERM and HUP (Ctrl-C, kill, a closed terminal) handled the same way: the loop stops at a
// step boundary, a checkpoint is kept (where asked, else in $TMPDIR) and a line says how to
// continue.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "tools/output_lock.h"
#include "tools/output_paths.h"
#include "tools/stop_signals.h"

namespace gv::tools {

// --quiet's help, one sentence in each training command.
inline constexpr const char* kQuietHelp =
    "Only the closing summary and warnings: no header, no progress bar, no neighbours";

// "1:02:03"
std::string clock_text(double seconds);

// What a training run has done, as its progress line shows it.
struct ProgressReport {
  int64_t done = 0;  // words (train) or steps (lm) so far, runs before a resume included
  int64_t total = 0;
  const char* unit = "words";  // what done and total count: "words", "steps"
  double seconds = 0.0;        // training time so far, runs before a resume included
  float lr = 0.0f;
  double loss = 0.0;
};

using ProgressSink = std::function<void(const ProgressReport&)>;

// While it lives, the reports of training run on this thread (a trainer reports from the
// thread that called it) go to `sink` instead of standard error's line, terminal or not: the
// Python module draws them where a notebook shows them, which has no terminal.
class ProgressRedirect {
 public:
  explicit ProgressRedirect(ProgressSink sink);
  ~ProgressRedirect();
  ProgressRedirect(const ProgressRedirect&) = delete;
  ProgressRedirect& operator=(const ProgressRedirect&) = delete;

 private:
  ProgressSink sink_;
  const ProgressSink* previous_;
};

// Whether report_progress shows anything: a redirect is set, or standard error is a terminal.
bool progress_shown();
// To the redirect, else one line on stderr, redrawn in place: a bar, done of total, the rate
// ("  812.3k words/s"), the learning rate, the loss and the time left.
void report_progress(const ProgressReport& report);
// Clears the line report_progress drew on stderr; nothing when a redirect took the reports.
void clear_progress_line();

// After a run that finished and wrote everything it said it would: if a signal came meanwhile
// (too late to stop `work`, "training", so it was held until the writes were done), says so in
// one line and throws Interrupted for its exit status. `written` names the file written.
void end_if_signalled(const StopSignals& signals, const char* work, const std::string& written);

// `word` as a shell reads it back: as it is when plain, else in single quotes; a word holding
// bytes that printable() escapes as bash's $'...' with each byte outside printable ASCII as \xNN,
// so that the command stays one line that can be pasted back.
std::string shell_quoted(const std::string& word);

using SaveCheckpoint = std::function<void(const std::string& path)>;

// Where a checkpoint went, and why not where it was asked to go.
struct KeptCheckpoint {
  std::string path;     // empty: nowhere
  std::string failure;  // why the asked path (and the fallback, if path is empty) failed
};

// Saves to `path` or, when that fails or `path` is empty, to $TMPDIR (else /tmp) as
// gradvec-COMMAND-PID-XXXXXXXXXX.ckpt: the training done must outlive an output that cannot be
// written (a full disk, a device). $TMPDIR rather than beside the corpus, which may be read-only
// or shared data; it is the scratch place a user points at a disk with room. The name is created
// new (create_unique_file): in a shared directory a predictable one could be a planted link.
KeptCheckpoint keep_checkpoint(const SaveCheckpoint& save, const std::string& path,
                               const std::string& command);

// Where a run that a signal stops keeps its checkpoint: --checkpoint, else OUTPUT.ckpt beside
// --output when that names a regular file or a new one (writes_a_file), else $TMPDIR: beside a
// device, a FIFO or a descriptor nothing of ours belongs (/dev/null.ckpt would be a file in
// /dev, and -.ckpt one wherever the run started). Decided as the run starts, with the named
// outputs: OUTPUT.ckpt is compared with the run's inputs and outputs (refuse_shared_files; a
// --resume of that very file is the run going on) and locked (OutputLocks) for as long as this
// lives, so that a Ctrl-C never replaces the model being continued (`train --init m.vec.ckpt
// --output m.vec`), a corpus or another run's checkpoint: one that names any of them goes to
// $TMPDIR instead, and the reason is kept for the line that says where it went.
class StopCheckpoint {
 public:
  // `inputs` and `outputs` as refuse_shared_files takes them; `checkpoint` is --checkpoint's.
  StopCheckpoint(const std::string& checkpoint, const std::string& output,
                 const std::vector<PathOption>& inputs, const std::vector<PathOption>& outputs);
  StopCheckpoint(const StopCheckpoint&) = delete;
  StopCheckpoint& operator=(const StopCheckpoint&) = delete;

  // Where to write it first; empty: $TMPDIR at once.
  const std::string& path() const { return path_; }
  // Why not beside --output when that was the default; empty when it is, or --checkpoint was given.
  const std::string& not_beside() const { return not_beside_; }

 private:
  std::string path_;
  std::string not_beside_;
  std::optional<OutputLocks> lock_;
};

// After INT, TERM or HUP (`signal`) stopped training: keeps the checkpoint as keep_checkpoint
// does at `where`. Says on stderr where it went, why not where it was meant to go, and
// `continue_with(that path)`, and throws Interrupted (or runtime_error if nothing was kept).
[[noreturn]] void keep_interrupted(
    const SaveCheckpoint& save, const StopCheckpoint& where, const std::string& command,
    const std::function<std::string(const std::string&)>& continue_with, int signal);

}  // namespace gv::tools
