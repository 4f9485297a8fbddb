#!/usr/bin/env bash
# signal_waiting.sh GRADVEC CORPUS: a stop signal to a rank that waits for a stopped rank (SIGSTOP:
# alive, so mpirun sees nothing wrong) ends the job with that signal's status, 128 + its number,
# a second or two after it, not at --rank-timeout (300 s here, past this test's 120 s limit): one
# line from the rank signalled names rank 1, and nothing is written. The signal used to leave the
# rank waiting out --rank-timeout, then end the job with status 2.
set -uo pipefail
source "$(dirname "$0")/mpi_common.sh"
leave_no_stopped_rank
: >err.txt
timeout 120 mpirun --oversubscribe -np 2 "$gradvec" train --corpus "$corpus" --output "$work/v.vec" \
  --epochs 200 --threads 1 >out.txt 2>err.txt &
job=$!
rank1=$(rank_pid 1 "$work/v.vec")
rank0=$(rank_pid 0 "$work/v.vec")
[[ -n $rank1 && -n $rank0 ]] || { kill "$job"; cat err.txt; fail "the ranks never started"; }
wait_for_training "$job"
kill -STOP "$rank1"
kill -TERM "$rank0"
wait "$job"
status=$?
[[ $status -ne 124 ]] || fail "TERM to rank 0 waiting for a stopped rank 1: the job hung (timeout)"
[[ $status -eq 143 ]] || { cat err.txt; fail "exit $status, not 143"; }
line="^gradvec: rank 0: stopping at a signal, but rank 1 did not come to the ranks' exchange in the [0-9.]+ s since \(stopped, cut off, or slower than that\); ending the job with the signal's status, nothing written$"
grep -Eq "$line" err.txt || { cat err.txt; fail "no line naming rank 1"; }
[[ ! -e v.vec && ! -e v.vec.ckpt && ! -s out.txt ]] || fail "something written"
echo "ok: exit $status: $(grep -E "$line" err.txt)"
