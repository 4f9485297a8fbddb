// Stopping the passes that read a whole corpus before anything comes of it: spooling a gzip'd
// file or standard input, counting its words (which every training run, phrases and every MPI
// rank do first), phrases' bigrams and rewrite, lm's reading and encoding of its text. On a
// 100 MB corpus they take seconds, and a signal must not wait for them. In the ground floor, so
// that every library that reads a corpus can poll it.
#pragma once

#include <atomic>
#include <stdexcept>
#include <string>

namespace gv {

// Thrown by a pass that a stop flag ended (stop_corpus_passes_when): what it was making is
// incomplete, and nothing was made of it. what() says what was under way ("counting big.txt").
struct CorpusPassStopped : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The passes end at their next sentence (a spool at its next MiB) once *flag turns true,
// throwing CorpusPassStopped. A command's stop signals (tools/stop_signals.h) pass their flag
// here, as they pass it to a trainer's loop (which stops at a step boundary instead, and never
// throws); nullptr: passes run to their end. A process-wide setting, like abandon_waits_when,
// since each MPI rank counts through its own call chain.
void stop_corpus_passes_when(const std::atomic<bool>* flag);
// The flag stop_corpus_passes_when was last given (nullptr for none): an MPI rank's counting
// watches it beside the other ranks' notices, and puts it back after.
const std::atomic<bool>* corpus_pass_stop_flag();
// Throws CorpusPassStopped(doing) if the flag stop_corpus_passes_when was given is set.
void throw_if_corpus_pass_stopped(const std::string& doing);

}  // namespace gv
