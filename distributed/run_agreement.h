// agree_on_run: the ranks of a job check, before anything, that they run one training: the same
// gradvec binary, the same command's settings, and the same corpus files and files the options
// name (--init, --resume, --read-vocab): names, sizes and modification times, as a shared file
// system shows them to every rank.
#pragma once

#include <vector>

#include "distributed/mpi_job.h"
#include "text/corpus/corpus.h"
#include "word2vec/data_parallel/train_group.h"

namespace gv {

// Collective. On rank 0, throws std::runtime_error naming the first rank that differs from it
// and what differs, with both values; the other ranks then wait for rank 0 to end the job.
void agree_on_run(const MpiJob& job, const std::vector<GroupSetting>& settings,
                  const Corpus& corpus);

}  // namespace gv
