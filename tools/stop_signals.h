// INT, TERM and HUP as a training command takes them: each asks the run to stop, none ends it.
//
// Ctrl-C sends INT, `kill`, `timeout`, Slurm's time limit and `docker stop` send TERM, a closed
// terminal sends HUP: all three mean "stop now and keep what you can". While a StopSignals lives
// (from a command's start through its last write) the first of them sets stop(), which the
// trainers honour at their next step boundary and the passes over a whole corpus (counting it,
// phrases' rewrite: io/input_pass_stop.h) at their next sentence, and is remembered
// for the exit status (128 + its number, as the shell reports a process the signal ended),
// however close behind it the next one comes. Any further one is absorbed with a line on stderr: a
// checkpoint or vector file being written is finished rather than cut off. Once one has come, they
// stay ignored after the StopSignals goes, so that none can change the exit status on the way out.
// A HUP ignored when the process started (nohup) stays ignored. Meanwhile SIGPIPE and SIGXFSZ are
// ignored (WriteFailuresAsErrors: a write that fails says so and keeps the model), and a FIFO
// output with no reader is waited for only until the first signal.
#pragma once

#include <atomic>
#include <csignal>

#include "io/atomic_file.h"
#include "io/input_pass_stop.h"

namespace gv::tools {

class StopSignals {
 public:
  // Installs the handlers, saving the ones they replace. One instance at a time.
  StopSignals();
  // Puts the saved handlers back, unless a signal came: then they are ignored to the end.
  ~StopSignals();
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

  // Turns true at the first signal.
  const std::atomic<bool>& stop() const;
  // The first signal's number, 0 while none has come.
  int received() const;

 private:
  WriteFailuresAsErrors write_failures_;
  struct sigaction previous_[3];
};

// The status a command that failed exits with: 128 + the first stop signal's number when one
// came (the failure may be what the signal cut short: a FIFO that no reader opened), else
// `otherwise`.
int failed_status(int otherwise);

// What --help of a training command says about them.
inline constexpr const char* kStopSignalsHelp =
    "INT (Ctrl-C), TERM (kill, timeout, Slurm, docker stop) and HUP (a closed terminal; not under "
    "nohup) stop training at the next step boundary, write a checkpoint (--checkpoint, else "
    "OUTPUT.ckpt when OUTPUT is a file and that name no input, else $TMPDIR) and print the command "
    "that resumes it; the "
    "exit status is 130, "
    "143 or 129 (128 + the signal's number). A signal that comes while a file is being written "
    "waits for the write to finish.";

// What --help of phrases says about them.
inline constexpr const char* kPhrasesStopSignalsHelp =
    "INT (Ctrl-C, and kill -INT to a script's background job), TERM and HUP end counting or the "
    "rewrite at the next sentence, with nothing written; the exit status is 130, 143 or 129 (128 "
    "+ the signal's number).";

// What --help of bpe train says about them.
inline constexpr const char* kBpeTrainStopSignalsHelp =
    "INT (Ctrl-C, and kill -INT to a script's background job), TERM and HUP end counting (at its "
    "next MiB) or learning (at its next merge), with nothing written; the exit status is 130, "
    "143 or 129 (128 + the signal's number).";

// What --help of convert, plot and pe says about them.
inline constexpr const char* kWriteStopSignalsHelp =
    "INT (Ctrl-C, and kill -INT to a script's background job), TERM and HUP end the command while "
    "its input is read (within some thousand rows) or once its table is made, with nothing "
    "written; one that comes while the output "
    "is being written lets it finish and says so. The exit status is 130, 143 or 129 (128 + the "
    "signal's number). pe takes them only with --svg.";

// Says on stderr that a stop signal ended the pass over an input `stopped` names: "interrupted
// while counting big.txt: nothing was written".
void report_stopped_pass(const InputPassStopped& stopped);

// "SIGINT", "SIGTERM" or "SIGHUP"; "a signal" for any other.
const char* signal_name(int signal);

}  // namespace gv::tools
