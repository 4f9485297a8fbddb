#!/usr/bin/env bash
# one_rank_signalled.sh GRADVEC CORPUS: a stop signal sent to one rank alone (TERM, then INT) ends
# every rank with that signal's status, 128 + its number, as a plain run has: the signal rides on
# the next sync round with the stop. Rank 0, which was not signalled, keeps the checkpoint and says
# so as it does when signalled itself. Each rank's status is written by a shell around it, and
# mpirun passes it on.
set -uo pipefail
source "$(dirname "$0")/mpi_common.sh"
for signal in TERM:143 INT:130; do
  name=${signal%:*} expected=${signal#*:}
  rm -f status.* "v$name.vec.ckpt"
  : >err.txt
  # The rank's shell ignores TERM: mpirun sends it to the ranks left once one has exited non-zero,
  # which could come before the shell wrote its rank's status. (gradvec takes TERM all the same.)
  # shellcheck disable=SC2016  # expanded by the rank's shell
  timeout 120 mpirun --oversubscribe -np 2 sh -c 'trap "" TERM; "$@"; status=$?; echo $status >status.$OMPI_COMM_WORLD_RANK; exit $status' \
    rank "$gradvec" train --corpus "$corpus" --output "$work/v$name.vec" --epochs 200 --threads 1 \
    >out.txt 2>err.txt &
  job=$!
  rank1=$(rank_pid 1 "$work/v$name.vec")
  [[ -n $rank1 ]] || { kill "$job"; cat err.txt; fail "$name: rank 1 never started"; }
  wait_for_training "$job"
  kill -"$name" "$rank1"
  wait "$job"
  status=$?
  [[ $status -ne 124 ]] || fail "$name to rank 1: the job hung (timeout)"
  for rank in 0 1; do
    [[ $(cat status.$rank 2>/dev/null) == "$expected" ]] ||
      { cat err.txt; fail "$name to rank 1: rank $rank exited $(cat status.$rank 2>/dev/null), not $expected"; }
  done
  [[ $status -eq $expected ]] || { cat err.txt; fail "$name to rank 1: mpirun exited $status, not $expected"; }
  grep -q "^interrupted: checkpoint written to $work/v$name.vec.ckpt; continue with: mpirun -np 2 " \
    err.txt || { cat err.txt; fail "$name to rank 1: no checkpoint line from rank 0"; }
  [[ -s v$name.vec.ckpt && ! -e v$name.vec ]] || fail "$name to rank 1: no checkpoint, or vectors"
  echo "ok: $name to rank 1 alone: both ranks and mpirun exit $status"
done
