#!/usr/bin/env bash
# stop_signal.sh GRADVEC CORPUS: TERM on mpirun (which forwards it to every rank) stops the ranks
# together: the request rides on the next sync round, so all stop after the same one and end
# cleanly, rank 0 alone saying in one line where it kept the checkpoint and how to resume it,
# with a non-zero status and no vectors. Were the ranks to stop each on its own, one would be left
# in a round that the others never join, and the job would end in MPI_Abort lines instead.
# (resume.sh resumes such a checkpoint.)
set -uo pipefail
source "$(dirname "$0")/mpi_common.sh"
np=3
term_mid_run "$np" "$gradvec" train --corpus "$corpus" --output "$work/v$np.vec" --epochs 200 \
  --threads 1
expected="interrupted: checkpoint written to $work/v$np.vec.ckpt; continue with: mpirun -np $np gradvec train --resume $work/v$np.vec.ckpt "
[[ $(ours err.txt) == "$expected"* && $(ours err.txt | wc -l) -eq 1 ]] ||
  { cat err.txt; fail "-np $np: not the one line"; }
[[ ! -s out.txt && ! -e v$np.vec && -s v$np.vec.ckpt ]] ||
  fail "-np $np: vectors written, or no checkpoint"
echo "ok: -np $np: exit $status: $(ours err.txt)"

# TERM to the ranks themselves (as Slurm's scancel sends it): each leaves with a plain run's
# status for it, 143, which mpirun passes on.
: >err.txt
timeout 60 mpirun --oversubscribe -np 2 "$gradvec" train --corpus "$corpus" \
  --output "$work/v2.vec" --epochs 200 --threads 1 >out.txt 2>err.txt &
job=$!
wait_for_training "$job"
kill -TERM "$(rank_pid 0 "$work/v2.vec")" "$(rank_pid 1 "$work/v2.vec")"
wait "$job"
status=$?
[[ $status -eq 143 ]] || { cat err.txt; fail "-np 2, TERM to the ranks: exit $status, not 143"; }
grep -q "^interrupted: checkpoint written to $work/v2.vec.ckpt; continue with: mpirun -np 2 " \
  err.txt || { cat err.txt; fail "-np 2, TERM to the ranks: no checkpoint line"; }
echo "ok: -np 2, TERM to the ranks: exit $status"
