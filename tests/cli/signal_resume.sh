#!/usr/bin/env bash
# signal_resume.sh GRADVEC CORPUS
# TERM (kill, timeout, Slurm, docker stop) and HUP (a closed terminal) stop `gradvec train` as
# Ctrl-C does: a checkpoint, the command that resumes, and 128 + the signal's number (143, 129);
# the resumed run's vectors are byte for byte the uninterrupted run's at one thread. A second
# signal while the checkpoint is written, or a first one while the vectors are, is held until the
# write is done: what was promised on screen exists.
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
head -n 8000 "$corpus" >"$work/c.txt"
train=(train --corpus "$work/c.txt" --epochs 25 --threads 1 --show thou)

# What every stopped and resumed run below must reproduce.
"$gradvec" "${train[@]}" --quiet --output "$work/whole.vec" >/dev/null

# start NAME ARGS...: trains with ARGS in the background (its pid in $pid, stderr in NAME.err)
# and returns once the header says training starts next: waiting for it rather than a fixed time
# keeps the checks from racing a faster or slower (sanitized) build.
start() {
  local name=$1
  shift
  : >"$work/$name.err"
  "$gradvec" "${train[@]}" "$@" 2>"$work/$name.err" >"$work/$name.out" &
  pid=$!
  until grep -q ' words in vocabulary' "$work/$name.err"; do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.02
  done
}
# finish NAME EXPECTED: waits for the run and checks its exit status.
finish() {
  local status=0
  wait "$pid" || status=$?
  cat "$work/$1.err"
  [[ $status -ne 0 ]] || fail "$1: the run finished before the signal; use a longer run"
  [[ $status -eq $2 ]] || fail "$1: exit status $status, expected $2"
}
# same_as_whole VECTORS: the vectors are the uninterrupted run's.
same_as_whole() {
  cmp -s "$work/whole.vec" "$1" || fail "$1 differs from the uninterrupted run's vectors"
}

for case in TERM:143 HUP:129; do
  signal=${case%:*} name=${case%:*}
  start "$name" --output "$work/$name.vec"
  kill -"$signal" "$pid"
  finish "$name" "${case#*:}"
  [[ -s $work/$name.vec.ckpt ]] || fail "no checkpoint after SIG$signal"
  [[ ! -e $work/$name.vec ]] || fail "vectors written by a run SIG$signal stopped"
  command=$(grep -o 'continue with: gradvec train .*' "$work/$name.err") ||
    fail "no resume command after SIG$signal"
  eval "\"\$gradvec\" ${command#continue with: gradvec }" >/dev/null
  same_as_whole "$work/$name.vec"
done

# A second signal 20-50 ms after the first, while the checkpoint is written: a FIFO as the
# checkpoint holds the write open until it is read, so the second signal surely lands inside it.
mkfifo "$work/double.ckpt"
start double --output "$work/double.vec" --checkpoint "$work/double.ckpt"
kill -INT "$pid"
sleep 0.0$((RANDOM % 31 + 20))
kill -TERM "$pid"
timeout 60 cat "$work/double.ckpt" >"$work/double.kept" || fail "the checkpoint was never written"
finish double 130
grep -q "checkpoint written to $work/double.ckpt; continue with" "$work/double.err" ||
  fail "the checkpoint was not reported"
"$gradvec" train --resume "$work/double.kept" --corpus "$work/c.txt" --output "$work/double.vec" \
  --quiet >/dev/null
same_as_whole "$work/double.vec"

# A signal after training finished, while the vectors are written (a FIFO again): they are
# written in full, the summary is printed, and the status is still the signal's.
mkfifo "$work/late.vec"
start late --output "$work/late.vec" --checkpoint "$work/late.ckpt"
until [[ -e $work/late.ckpt ]]; do
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.02
done
kill -TERM "$pid"
timeout 60 cat "$work/late.vec" >"$work/late.got" || fail "the vectors were never written"
finish late 143
same_as_whole "$work/late.got"
grep -q "^vectors written to $work/late.vec" "$work/late.out" || fail "no summary: $(cat "$work/late.out")"
grep -q "SIGTERM came after training had finished; $work/late.vec is written in full" \
  "$work/late.err" || fail "the late signal was not reported"

leftover=$(leftovers "$work")
[[ -z $leftover ]] || fail "temporary files left behind: $leftover"
echo "ok: TERM and HUP checkpoint and resume byte-identically; later signals wait for the writes"
