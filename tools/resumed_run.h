// A resumed `gradvec train` run: which options it may change, what the header and the summary
// say of it.
#pragma once

#include <cstdint>
#include <set>
#include <string>

#include "word2vec/trainer.h"

namespace gv::tools {

// What defines a run: its options and, for a run across processes (MPI ranks), the words each
// reads between two sync rounds (--sync-words; 0 for a run alone, which never syncs).
struct RunDefinition {
  TrainOptions options;
  int64_t sync_words = 0;
};

// What the command line asks of a run it resumes: the options given, by their long names, and
// the values they set.
struct ResumeRequest {
  std::string checkpoint;
  std::set<std::string> given;
  RunDefinition asked;
};

// A checkpoint continues the run that wrote it: an option that defines the run may restate the
// checkpoint's value (`saved`) but not change it. Throws std::runtime_error naming every one that
// does, with both values, or an option that only shapes what the checkpoint replaces.
void check_resumed(const ResumeRequest& request, const RunDefinition& saved);

// Applies the options a resumed run may change: --epochs (Trainer::set_epochs) and --threads
// (Trainer::set_threads).
void continue_resumed(Trainer& trainer, const ResumeRequest& request);

// The header's account of a resumed run: where it stands, its rate there, its threads, and what
// changed from the checkpoint's run ("resumed at 67% of 3 epochs (the checkpoint's run was set
// for 2), lr now 0.00833333, 2 thread(s) from epoch 3 (the checkpoint's run used 1)").
std::string resumed_note(const Trainer& trainer, const ResumeRequest& request,
                         int64_t saved_epochs);

// "trained 123 words in 0.50 s | 246 words/s": this process's words and seconds; after a resume,
// the run's totals beside them ("(run: 456 words in 2.00 s)").
std::string trained_summary(const TrainProgress& before, const TrainProgress& after);

}  // namespace gv::tools
