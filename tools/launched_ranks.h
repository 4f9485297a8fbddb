// A command that runs as one process, started by an MPI launcher (mpirun -np 2, srun) as several
// ranks: each rank would do the whole work alone and race the others for the outputs, so the
// command refuses before it starts, in one line saying why and what to do instead.
#pragma once

#include <string_view>

namespace gv::tools {

// The next step for a command that never trains across ranks.
inline constexpr std::string_view kStartWithoutLauncher = "start it without mpirun (or srun)";

// Throws std::runtime_error when a launcher started this process as one of more than one rank:
// "<why>, so the N processes an MPI launcher started would each <work> alone; <next_step>".
// A launch of one rank (mpirun -np 1) is a plain run.
void refuse_launched_ranks(std::string_view why, std::string_view work, std::string_view next_step);

}  // namespace gv::tools
