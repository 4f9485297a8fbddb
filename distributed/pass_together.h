// pass_together: a pass over the corpus that every rank of a job makes at once before anything
// comes of it (decompressing a gzip'd corpus before the ranks agree on the run, counting its
// words), which a stop signal to any one rank ends on every rank, each leaving with the signal's
// status rather than through MPI_Abort.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "distributed/mpi_job.h"

namespace gv {

// Collective. Runs `pass`, this rank's part, and returns what every rank's part returned, in rank
// order. A stop signal to this rank (the flag stop_input_passes_when was given) or another
// rank's stop notice ends the pass at its next sentence (a spool at its next MiB), throwing
// InputPassStopped: the rank stopped tells the others (MpiJob::send_stop_notices), which a
// thread of each looks for every few milliseconds. Once the ranks' exchange shows one stopped,
// every rank throws InputPassStopped saying what the first rank stopped was doing ("spooling
// big.txt.gz"). Any other exception of `pass` passes on.
std::vector<std::string> pass_together(MpiJob& job, const std::function<std::string()>& pass);

}  // namespace gv
