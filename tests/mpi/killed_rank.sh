#!/usr/bin/env bash
# killed_rank.sh GRADVEC CORPUS: a rank killed mid-run (kill -9: no handler, no MPI_Abort of its
# own) ends the whole job, mpirun naming the rank, rather than leaving rank 0 waiting forever in
# the next Allreduce.
set -uo pipefail
source "$(dirname "$0")/mpi_common.sh"
# Long enough that rank 1 is training when it is killed: 200 epochs take minutes.
timeout 60 mpirun --oversubscribe -np 2 "$gradvec" train --corpus "$corpus" --output "$work/v.vec" \
  --epochs 200 --threads 1 >out.txt 2>err.txt &
job=$!
rank1=$(rank_pid 1 "$work/v.vec")
[[ -n $rank1 ]] || { kill "$job"; fail "rank 1 never started"; }
wait_for_training "$job"  # in the rounds' Allreduces
kill -9 "$rank1"
wait "$job"
status=$?
[[ $status -ne 124 ]] || fail "the job hung after rank 1 died (timeout)"
[[ $status -ne 0 ]] || fail "the job succeeded without rank 1"
grep -q "process rank 1 .* exited on signal 9" err.txt || { cat err.txt; fail "rank 1 not named"; }
[[ ! -e v.vec ]] || fail "vectors written"
echo "ok: exit $status: $(grep 'rank 1' err.txt)"
