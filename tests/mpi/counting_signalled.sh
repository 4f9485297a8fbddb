#!/usr/bin/env bash
# counting_signalled.sh GRADVEC CORPUS: a stop signal to one rank while the ranks count the corpus,
# before training, ends every rank with that signal's status (128 + its number), as a plain run
# has: the rank signalled stops its count at the next sentence and tells the others, whose counts
# stop too, and rank 0 says so in one line; nothing is written. It used to end the job through
# MPI_Abort, status 2. Rank 1 is caught mid-count (past 4 MiB into its share, short of its end),
# stopped (SIGSTOP), sent the signal and let go, so the signal comes while it counts however fast
# this machine is; a count that ended first fails the test. Each rank's status is written by a
# shell around it, and mpirun passes it on.
set -uo pipefail
source "$(dirname "$0")/mpi_common.sh"
leave_no_stopped_rank

# A 128 MiB corpus of 5,000 distinct words: a 1 MiB block doubled seven times (a rank counts its
# 64 MiB share in a second or so).
awk 'BEGIN { srand(7); while (size < 1048576) { line = ""
  for (i = 0; i < 12; ++i) line = line " w" int(rand() * 5000); print line; size += length(line) + 1 } }' \
  >big.txt
for _ in 1 2 3 4 5 6 7; do cat big.txt big.txt >double.txt && mv double.txt big.txt; done
size=$(stat -c %s big.txt)

# read_offset PID: how far PID has read big.txt (the largest offset of its descriptors for it),
# or empty while it has none open.
read_offset() {
  local fd
  for fd in /proc/"$1"/fd/*; do
    [[ $(readlink "$fd" 2>/dev/null) == "$work/big.txt" ]] || continue
    awk '/^pos:/ { print $2 }' /proc/"$1"/fdinfo/"${fd##*/}" 2>/dev/null || :
  done | sort -n | tail -n 1
}

# counting PID: whether PID reads rank 1's share (the second half), 4 MiB in and short of its end.
counting() {
  local offset
  offset=$(read_offset "$1")
  [[ -n $offset ]] && ((offset > size / 2 + 4194304 && offset < size))
}

for signal in TERM:143 INT:130; do
  name=${signal%:*} expected=${signal#*:}
  rm -f status.*
  : >err.txt
  # The rank's shell ignores TERM: mpirun sends it to the ranks left once one has exited non-zero,
  # which could come before the shell wrote its rank's status. (gradvec takes TERM all the same.)
  # shellcheck disable=SC2016  # expanded by the rank's shell
  timeout 120 mpirun --oversubscribe -np 2 sh -c 'trap "" TERM; "$@"; status=$?; echo $status >status.$OMPI_COMM_WORLD_RANK; exit $status' \
    rank "$gradvec" train --corpus "$work/big.txt" --output "$work/v$name.vec" --epochs 1 --threads 1 \
    --dim 8 >out.txt 2>err.txt &
  job=$!
  # Found as soon as it starts (rank_pid looks every 0.1 s, through every process).
  rank1=
  for _ in $(seq 2000); do
    for pid in $(pgrep -x gradvec); do
      grep -qz "^OMPI_COMM_WORLD_RANK=1\$" "/proc/$pid/environ" 2>/dev/null &&
        grep -qzF -- "$work/v$name.vec" "/proc/$pid/cmdline" 2>/dev/null && rank1=$pid
    done
    [[ -n $rank1 ]] && break
    sleep 0.005
  done
  [[ -n $rank1 ]] || { kill "$job"; cat err.txt; fail "$name: rank 1 never started"; }
  until counting "$rank1" && kill -STOP "$rank1" && { counting "$rank1" || ! kill -CONT "$rank1"; }; do
    kill -0 "$rank1" 2>/dev/null || { cat err.txt; fail "$name: rank 1 ended before it was caught counting"; }
    grep -q ' words in vocabulary' err.txt && fail "$name: the ranks counted to the end before rank 1 was caught"
    sleep 0.005
  done
  kill -"$name" "$rank1"
  kill -CONT "$rank1"
  wait "$job"
  status=$?
  rank1=
  [[ $status -ne 124 ]] || { cat err.txt; fail "$name to rank 1 while counting: the job hung (timeout)"; }
  for rank in 0 1; do
    [[ $(cat status.$rank 2>/dev/null) == "$expected" ]] ||
      { cat err.txt; fail "$name to rank 1 while counting: rank $rank exited $(cat status.$rank 2>/dev/null), not $expected"; }
  done
  [[ $status -eq $expected ]] || { cat err.txt; fail "$name to rank 1 while counting: mpirun exited $status, not $expected"; }
  # Rank 0's line once, and no other of gradvec's (mpirun adds its notice of the ranks' status).
  [[ $(grep -cx "interrupted while counting $work/big.txt: nothing was written" err.txt) -eq 1 ]] &&
    ! grep -q -e '^gradvec' -e 'words in vocabulary' err.txt ||
    { cat err.txt; fail "$name to rank 1 while counting: not the one line saying the count was interrupted"; }
  left=$(find . -mindepth 1 ! -name big.txt ! -name 'status.*' ! -name err.txt ! -name out.txt)
  [[ -z $left && ! -s out.txt ]] || fail "$name to rank 1 while counting: left $left"
  echo "ok: $name to rank 1 while counting: both ranks and mpirun exit $status, one line"
done
