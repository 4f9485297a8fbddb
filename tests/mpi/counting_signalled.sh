#!/usr/bin/env bash
# counting_signalled.sh GRADVEC CORPUS: a stop signal to one rank while the ranks count the corpus,
# before training, or while each decompresses a gzip'd corpus, before they agree on the run, ends
# every rank with that signal's status (128 + its number), as a plain run has: the rank
# signalled stops its pass at the next sentence (or MiB) and tells the others, whose passes stop
# too, and rank 0 says so in one line; nothing is written. Both used to end the job through
# MPI_Abort, status 2. Rank 1 is caught mid-pass (its file read past the first MiBs, short of its
# end; run in slices once it opened the file, so that it cannot pass that window unseen),
# stopped (SIGSTOP), sent the signal and let go, so the signal comes while it counts or
# decompresses however fast or loaded this machine is. Each rank's status is written by a shell
# around it, and mpirun passes it on.
set -uo pipefail
source "$(dirname "$0")/mpi_common.sh"
leave_no_stopped_rank

# A 128 MiB corpus of 5,000 distinct words: a 1 MiB block doubled seven times (a rank counts its
# 64 MiB share in a second or so). Its first 64 MiB gzip'd (some 30 MiB; each rank decompresses
# all of it).
awk 'BEGIN { srand(7); while (size < 1048576) { line = ""
  for (i = 0; i < 12; ++i) line = line " w" int(rand() * 5000); print line; size += length(line) + 1 } }' \
  >big.txt
for doubling in 1 2 3 4 5 6 7; do
  cat big.txt big.txt >double.txt && mv double.txt big.txt
  ((doubling != 6)) || gzip -1 -c big.txt >big.txt.gz
done

# read_offset PID FILE: how far PID has read FILE (the largest offset of its descriptors for it),
# or empty while it has none open.
read_offset() {
  local fd
  for fd in /proc/"$1"/fd/*; do
    [[ $(readlink "$fd" 2>/dev/null) == "$work/$2" ]] || continue
    awk '/^pos:/ { print $2 }' /proc/"$1"/fdinfo/"${fd##*/}" 2>/dev/null || :
  done | sort -n | tail -n 1
}

# in_pass PID FILE FROM TO: whether PID has read FILE past byte FROM and short of byte TO.
in_pass() {
  local offset
  offset=$(read_offset "$1" "$2")
  [[ -n $offset ]] && ((offset > $3 && offset < $4))
}

# signal_rank1 SIGNAL STATUS FILE FROM TO DOING: a job of 2 ranks trains on FILE; rank 1 is
# caught reading it between bytes FROM and TO, stopped, sent SIGNAL and let go. Every rank and
# mpirun must exit STATUS, rank 0 saying "interrupted while DOING: nothing was written", and
# nothing be left.
signal_rank1() {
  local name=$1 expected=$2 file=$3 from=$4 to=$5 doing=$6 job pid status rank left offset
  local case="$name to rank 1 while $doing"
  rm -f status.*
  : >err.txt
  # The rank's shell ignores TERM: mpirun sends it to the ranks left once one has exited non-zero,
  # which could come before the shell wrote its rank's status. (gradvec takes TERM all the same.)
  # shellcheck disable=SC2016  # expanded by the rank's shell
  timeout 120 mpirun --oversubscribe -np 2 sh -c 'trap "" TERM; "$@"; status=$?; echo $status >status.$OMPI_COMM_WORLD_RANK; exit $status' \
    rank "$gradvec" train --corpus "$work/$file" --output "$work/v$name.vec" --epochs 1 --threads 1 \
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
  [[ -n $rank1 ]] || { kill "$job"; cat err.txt; fail "$case: rank 1 never started"; }
  # Free until it opens FILE, then run in slices of a few milliseconds, stopped in between, until
  # its offset is in the window: however loaded the machine, it cannot pass the window unseen.
  until [[ -n $(read_offset "$rank1" "$file") ]]; do
    kill -0 "$rank1" 2>/dev/null || { cat err.txt; fail "$case: rank 1 ended before it opened $file"; }
    sleep 0.005
  done
  while kill -STOP "$rank1" 2>/dev/null; ! in_pass "$rank1" "$file" "$from" "$to"; do
    offset=$(read_offset "$rank1" "$file")
    [[ -n $offset ]] && ((offset <= from)) ||
      { kill -CONT "$rank1"; cat err.txt; fail "$case: rank 1 read past byte $to (or closed $file) before it was caught"; }
    kill -CONT "$rank1"
    sleep 0.002
  done
  kill -"$name" "$rank1"
  kill -CONT "$rank1"
  wait "$job"
  status=$?
  rank1=
  [[ $status -ne 124 ]] || { cat err.txt; fail "$case: the job hung (timeout)"; }
  for rank in 0 1; do
    [[ $(cat status.$rank 2>/dev/null) == "$expected" ]] ||
      { cat err.txt; fail "$case: rank $rank exited $(cat status.$rank 2>/dev/null), not $expected"; }
  done
  [[ $status -eq $expected ]] || { cat err.txt; fail "$case: mpirun exited $status, not $expected"; }
  # Rank 0's line once, and no other of gradvec's (mpirun adds its notice of the ranks' status).
  [[ $(grep -cx "interrupted while $doing: nothing was written" err.txt) -eq 1 ]] &&
    ! grep -q -e '^gradvec' -e 'words in vocabulary' err.txt ||
    { cat err.txt; fail "$case: not the one line saying the pass was interrupted"; }
  left=$(find . -mindepth 1 ! -name 'big.txt*' ! -name 'status.*' ! -name err.txt ! -name out.txt)
  [[ -z $left && ! -s out.txt ]] || fail "$case: left $left"
  echo "ok: $case: both ranks and mpirun exit $status, one line"
}

size=$(stat -c %s big.txt) gz_size=$(stat -c %s big.txt.gz)
for signal in TERM:143 INT:130; do
  # Rank 1's share is the second half: caught 4 MiB into it.
  signal_rank1 "${signal%:*}" "${signal#*:}" big.txt $((size / 2 + 4194304)) "$size" "counting $work/big.txt"
  # The gzip'd file is read whole by each rank, 64 KiB at a time: caught with a MiB or more of it
  # read and a MiB or more (several MiB decompressed) to come.
  signal_rank1 "${signal%:*}" "${signal#*:}" big.txt.gz 1048576 $((gz_size - 1048576)) \
    "spooling $work/big.txt.gz"
done
