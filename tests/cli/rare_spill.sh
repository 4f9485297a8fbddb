#!/usr/bin/env bash
# rare_spill.sh GRADVEC CORPUS
# A run keeps the counts of the words it gives no row in a file in $TMPDIR that is unlinked from
# the start (its descriptor alone holds it), not in memory, and reads them back only to write a
# checkpoint: a run a signal stops without --checkpoint still writes them into OUTPUT.ckpt, as a
# run whose vectors cannot be written does into its checkpoint in $TMPDIR, so that train --init
# of either brings in a word seen 3 times in each of two corpora at --min-count 5. No run leaves
# the file behind: one that finishes, one INT stops, one that fails, one SIGKILL ends.
set -euo pipefail
set -m  # background jobs in their own process group, INT not ignored: as from a terminal
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
tail=$'the zorblax came to the king\nthe zorblax spoke to the queen\nthe zorblax fled\n'
{ head -n 3000 "$corpus"; printf '%s' "$tail"; } >"$work/a.txt"
{ sed -n 3001,6000p "$corpus"; printf '%s' "$tail"; } >"$work/b.txt"
run=(train --dim 16 --threads 1 --min-count 5 --corpus "$work/a.txt")

# spilled PID: among the run's descriptors, an unlinked gradvec-rare-* file in $TMPDIR.
spilled() {
  ls -l "/proc/$1/fd" 2>/dev/null | grep -q " $TMPDIR/gradvec-rare-[A-Za-z0-9]* (deleted)$"
}
# no_spill_left WHEN: no temporary file left behind (scratch.sh's leftovers).
no_spill_left() {
  local left
  left=$(leftovers "$work")
  [[ -z $left ]] || fail "$1 left temporary files behind: $left"
}
# joins CHECKPOINT NAME: train --init of the checkpoint on b.txt gives zorblax (3 + 3) a row.
joins() {
  "$gradvec" train --dim 16 --threads 1 --min-count 5 --epochs 1 --quiet --init "$1" \
    --corpus "$work/b.txt" --output "$work/$2-b.vec" >/dev/null 2>&1
  grep -q "^zorblax " "$work/$2-b.vec" || fail "$2: zorblax did not join from $1"
}
# start NAME ARGS...: a run of many epochs in the background (its pid in $pid), returned from
# once the header says counting is done and training starts: the rare words are spilled by then.
start() {
  local name=$1
  shift
  : >"$work/$name.err"
  "$gradvec" "${run[@]}" --epochs 5000 --output "$work/$name.vec" "$@" 2>"$work/$name.err" \
    >/dev/null &
  pid=$!
  until grep -q ' words in vocabulary' "$work/$name.err"; do
    kill -0 "$pid" 2>/dev/null || fail "$name ended before training: $(cat "$work/$name.err")"
    sleep 0.02
  done
  spilled "$pid" || fail "$name: no unlinked gradvec-rare-* file open in $TMPDIR"
}
# stop SIGNAL EXPECTED: signals the run and checks its exit status.
stop() {
  local status=0
  kill -"$1" "$pid"
  wait "$pid" 2>/dev/null || status=$?
  [[ $status -eq $2 ]] || fail "SIG$1: exit status $status, expected $2"
}

"$gradvec" "${run[@]}" --epochs 1 --quiet --output "$work/whole.vec" >/dev/null
! grep -q "^zorblax " "$work/whole.vec" || fail "zorblax (3 times) has a row at --min-count 5"
no_spill_left "a run that finished"

# Ctrl-C without --checkpoint: OUTPUT.ckpt holds the rare words.
start interrupted
stop INT 130
[[ -s $work/interrupted.vec.ckpt ]] || fail "no checkpoint after SIGINT"
no_spill_left "a run SIGINT stopped"
joins "$work/interrupted.vec.ckpt" interrupted

# SIGKILL gives the run no say: the rare words' file never had a name to leave behind. (The
# output's lock file and its default checkpoint's stay, locking nothing: output_lock.sh.)
start killed
stop KILL 137
rm "$work/.killed.vec.lock" "$work/.killed.vec.ckpt.lock"
no_spill_left "a run SIGKILL ended"

# The vectors cannot be written: the checkpoint kept in $TMPDIR holds the rare words.
status=0
"$gradvec" "${run[@]}" --epochs 1 --quiet --output /dev/full 2>"$work/full.err" >/dev/null ||
  status=$?
[[ $status -eq 2 ]] || fail "a failed write: exit status $status, expected 2"
kept=$(grep -Eo "the trained model is kept in $TMPDIR/gradvec-train-[0-9]+-[A-Za-z0-9]+\.ckpt" \
  "$work/full.err") || fail "no checkpoint kept: $(cat "$work/full.err")"
kept=${kept#the trained model is kept in }
no_spill_left "a run whose vectors could not be written"
joins "$kept" failed
rm "$kept"

# The file cannot be made: one line naming where, and nothing written.
"$expect_failure" 2 "^gradvec: error: cannot write the rare words' counts \(kept for a checkpoint\) to a temporary file in $work/missing: No such file or directory; set TMPDIR to a directory with room$" \
  env TMPDIR="$work/missing" "$gradvec" "${run[@]}" --epochs 1 --quiet --output "$work/none.vec" ||
  fail "a TMPDIR where no file can be made was not named"
[[ ! -e $work/none.vec ]] || fail "vectors written by a run that could not spill its rare words"
no_spill_left "a run that could not spill"
echo "ok: rare words spilled unlinked, checkpointed on a stop or a failed write, never left behind"
