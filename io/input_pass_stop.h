// Stopping the passes that read a whole input before anything comes of it: spooling a gzip'd
// corpus or standard input, counting its words (which every training run, phrases and every MPI
// rank do first), phrases' bigrams and rewrite, lm's reading and encoding of its text, and
// reading a vector file or a model (train --init, convert, plot). On a 100 MB corpus or a GloVe
// file of gigabytes they take seconds, and a signal must not wait for them. In the ground floor,
// so that every library that reads an input can poll it.
#pragma once

#include <atomic>
#include <stdexcept>
#include <string>

namespace gv {

// Thrown by a pass that a stop flag ended (stop_input_passes_when): what it was making is
// incomplete, and nothing was made of it. what() says what was under way ("counting big.txt").
struct InputPassStopped : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The passes end at their next sentence (a spool or a stream at its next MiB, a vector file's
// reading within some thousands of rows) once *flag turns true,
// throwing InputPassStopped. A command's stop signals (tools/stop_signals.h) pass their flag
// here, as they pass it to a trainer's loop (which stops at a step boundary instead, and never
// throws); nullptr: passes run to their end. A process-wide setting, like abandon_waits_when,
// since each MPI rank counts through its own call chain.
void stop_input_passes_when(const std::atomic<bool>* flag);
// The flag stop_input_passes_when was last given (nullptr for none): an MPI rank's counting
// watches it beside the other ranks' notices, and puts it back after.
const std::atomic<bool>* input_pass_stop_flag();
// Whether the flag stop_input_passes_when was given is set.
bool input_pass_stop_asked();
// Throws InputPassStopped(doing) if the flag stop_input_passes_when was given is set.
void throw_if_input_pass_stopped(const std::string& doing);
// Returns once descriptor `fd` has bytes to read or is at its end. While a stop flag is given,
// looks at it every 100 ms meanwhile and throws InputPassStopped(doing) once it is set: a pipe
// or FIFO whose writer is silent must not hold a stop off (a read() the signal interrupts
// restarts, the handlers being SA_RESTART).
void wait_until_readable(int fd, const std::string& doing);

}  // namespace gv
