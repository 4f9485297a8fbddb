// The processes a train command runs as (word2vec/data_parallel/train_group.h): this one alone, or,
// in a build configured with -DGRADVEC_MPI=ON and started by mpirun, the ranks of the job
// (distributed/mpi_train_group.h). A build without MPI lacks that code: it lists the options,
// refuses them, and refuses to run under a launcher of several ranks.
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "word2vec/data_parallel/sync_schedule.h"
#include "word2vec/data_parallel/train_group.h"
#include "word2vec/train_options.h"

namespace gv::tools {

struct TrainGroupOptions {
  int64_t sync_words = SyncSchedule::kDefaultSyncWords;
  // The seconds a rank waits for the others in one exchange. The longest wait of a sound run
  // is one sync interval's training on the slowest rank plus rank 0's last write (the others
  // wait for it to end): seconds where measured (docs/distributed.md), so 300 leaves a loaded
  // machine or a slow file system a wide margin and still ends a job with a stopped rank.
  int64_t rank_timeout = 300;
};

// Adds the options of training across MPI ranks to `cmd`, with their defaults; a build without
// MPI refuses each of them by name, saying how to build one with it.
void add_train_group_options(CLI::App& cmd, TrainGroupOptions& options);

// Whether a launcher started this process as an MPI rank, to join the job's MpiTrainGroup
// rather than a PlainTrainGroup. A build without MPI throws std::runtime_error when a launcher
// started several.
bool launched_as_rank();

// What --lr's help adds to its default in a build with MPI: the rate across ranks (nothing in
// a build without).
std::string default_lr_help();

// The header's account of the default rate of `processes` > 1 training together ("(2 ranks x
// 0.025; --lr sets it)", after the rate); empty for one process alone.
std::string default_lr_note(ModelKind model, int processes);

// Every option of `cmd` as a setting all the processes must share (--help's order).
std::vector<GroupSetting> group_settings(const CLI::App& cmd);

}  // namespace gv::tools
