#!/usr/bin/env bash
# stopped_rank.sh GRADVEC CORPUS: a rank stopped mid-run (SIGSTOP: alive, so mpirun sees nothing
# wrong) ends the job within --rank-timeout: the ranks waiting for it in the next sync round give
# up, one line naming rank 1 and the seconds waited, and the job ends with status 2 (MPI_Abort),
# writing nothing. Without the limit the job waits forever in the round.
set -uo pipefail
source "$(dirname "$0")/mpi_common.sh"
leave_no_stopped_rank
: >err.txt
timeout 120 mpirun --oversubscribe -np 3 "$gradvec" train --corpus "$corpus" --output "$work/v.vec" \
  --epochs 200 --threads 1 --rank-timeout 5 >out.txt 2>err.txt &
job=$!
rank1=$(rank_pid 1 "$work/v.vec")
[[ -n $rank1 ]] || { kill "$job"; cat err.txt; fail "rank 1 never started"; }
wait_for_training "$job"
kill -STOP "$rank1"
wait "$job"
status=$?
[[ $status -ne 124 ]] || fail "the job hung with rank 1 stopped (timeout)"
[[ $status -eq 2 ]] || { cat err.txt; fail "exit $status, not 2"; }
# Rank 1 among those named: on a loaded machine a waiting rank may miss the roll call's second.
line='^gradvec: rank [02]: waited [0-9.]+ s \(--rank-timeout 5\) for ranks? ([0-9]+, )*1(, [0-9]+)*, which did not come to the ranks'"'"' exchange \(stopped, cut off, or slower than that\); ending the job$'
grep -Eq "$line" err.txt || { cat err.txt; fail "no line naming rank 1"; }
[[ ! -e v.vec && ! -s out.txt ]] || fail "vectors written"
echo "ok: exit $status: $(grep -E "$line" err.txt | head -1)"
