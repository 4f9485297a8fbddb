#!/usr/bin/env bash
# stop_signal.sh GRADVEC CORPUS: TERM on mpirun (which forwards it to every rank) stops the ranks
# together: the request rides on the next sync round, so all stop after the same one and end
# cleanly, rank 0 alone saying in one line that no checkpoint is kept across ranks yet, with a
# non-zero status and no output. Were the ranks to stop each on its own, one would be left in a round
# that the others never join, and the job would end in MPI_Abort lines instead.
set -uo pipefail
source "$(dirname "$0")/mpi_common.sh"
np=3
timeout 60 mpirun --oversubscribe -np "$np" "$gradvec" train --corpus "$corpus" \
  --output "$work/v$np.vec" --epochs 200 --threads 1 >out.txt 2>err.txt &
job=$!
wait_for_training "$job"
pkill -TERM -x -P "$job" mpirun
wait "$job"
status=$?
[[ $status -ne 124 ]] || fail "-np $np: the job hung after TERM (timeout)"
[[ $status -ne 0 ]] || fail "-np $np: the job succeeded"
expected="gradvec: rank 0: stopped by a signal at a sync of the $np ranks; a run across MPI ranks keeps no checkpoint yet, so its training is lost"
[[ $(grep -v ' words in vocabulary' err.txt) == "$expected" ]] ||
  { cat err.txt; fail "-np $np: not the one line"; }
[[ ! -s out.txt && ! -e v$np.vec ]] || fail "-np $np: output written"
echo "ok: -np $np: exit $status: $(grep -v ' words in vocabulary' err.txt)"
