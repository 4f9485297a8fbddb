// Whether an MPI launcher (Open MPI's mpirun, MPICH's Hydra, Slurm's srun) started this process
// as a rank of a job, read from the environment the launcher sets. It lives below the MPI code so
// that a build without MPI can tell too: there every rank would train the whole model alone and
// race the others for the outputs, so the train command refuses instead
// (tools/train_group_options.cpp). It lives in autograd, the layer every command reaches, because
// the commands that never train across ranks (lm train, bpe train) refuse a launcher's ranks too
// (tools/launched_ranks.h).
#pragma once

namespace gv {

struct MpiLaunch {
  bool launched = false;  // a launcher started this process as a rank
  int ranks = 0;          // how many it started, where its environment says; 0 where not
};

// Open MPI sets OMPI_COMM_WORLD_SIZE, MPICH's Hydra and Slurm's PMI set PMI_SIZE, each with the
// job's size; a PMIx launcher (srun --mpi=pmix) sets PMIX_RANK, and no size.
MpiLaunch mpi_launch();

}  // namespace gv
