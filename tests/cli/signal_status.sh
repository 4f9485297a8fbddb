#!/usr/bin/env bash
# signal_status.sh GRADVEC CORPUS
# The exit status is the first signal's (128 + its number), however close behind it the next one
# comes: INT and TERM pending together (sent while the run was stopped, so that the kernel
# delivers both at once) exit 130, not 143; TERM sent again and again while the run ends after
# an INT never changes that either. The line a further signal prints promises no write that is
# not happening.
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"

# start ARGS...: trains in the background with ARGS until training has begun; $pid is the run.
start() {
  : >"$work/err"
  "$gradvec" train --corpus "$corpus" --epochs 20 --threads 1 --output "$work/v.vec" "$@" 2>"$work/err" >/dev/null &
  pid=$!
  until grep -q ' words in vocabulary' "$work/err"; do
    kill -0 "$pid" 2>/dev/null || fail "the run ended before training: $(cat "$work/err")"
    sleep 0.02
  done
}
finish() {
  status=0
  wait "$pid" || status=$?
  at_exit() { :; }
}
pid=
at_exit() { [[ -z $pid ]] || kill -9 "$pid" 2>/dev/null || :; }

start
kill -STOP "$pid"
kill -INT "$pid"
kill -TERM "$pid"
kill -CONT "$pid"
finish
cat "$work/err"
[[ $status -eq 130 ]] || fail "INT then TERM: exit status $status, expected 130 (the first signal's)"
grep -q "finishing what is being written" "$work/err" && fail "a second signal claimed a write in progress"
grep -q "already stopping at the first signal" "$work/err" || fail "the second signal was not answered"

# TERM after TERM while the run ends after an INT, through the writing of its checkpoint and
# past the moment the handlers go: none may end it with 143.
start
kill -INT "$pid"
while kill -TERM "$pid" 2>/dev/null; do sleep 0.001; done
finish
[[ $status -eq 130 ]] || fail "INT then a stream of TERMs: exit status $status, expected 130"
grep -q '^interrupted: checkpoint written to' "$work/err" || fail "no checkpoint: $(cat "$work/err")"
echo "ok: the first signal's status, whatever follows it"

# A FIFO output that no reader opens: the run waits for one, and the first signal ends the wait
# 1.5 s later (it used to wait forever, deaf to INT and TERM): the model kept in $TMPDIR, the status the
# signal's. The tiny corpus trains in a moment, so the signal finds the run waiting; one that
# came sooner would stop training instead, with the same status.
mkfifo "$work/fifo"
printf 'a b c d e f g\nb c d e f g a\n' >"$work/tiny.txt"
: >"$work/err"
"$gradvec" train --corpus "$work/tiny.txt" --min-count 1 --quiet --output "$work/fifo" 2>"$work/err" >/dev/null &
pid=$!
sleep 1
kill -TERM "$pid"
for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "a FIFO with no reader: TERM did not end the wait in 10 s"
finish
cat "$work/err"
[[ $status -eq 143 ]] || fail "a FIFO with no reader: exit status $status after TERM, expected 143"
grep -Eq "cannot write $work/fifo: no reader opened the FIFO within 1.5 s of the signal that stopped the run; the trained model is kept in $TMPDIR/gradvec-train-|^interrupted: " "$work/err" ||
  fail "a FIFO with no reader: no line saying where the model went"
echo "ok: a FIFO output with no reader is waited for only until a signal"

# lm train's validation after "model written" ends at its next batch on a signal: over the held-out
# tenth of a 13 MB corpus it takes some 25 s (45 s in the report), which a TERM used to wait out.
for _ in $(seq 12); do cat "$corpus"; done >"$work/big.txt"
"$gradvec" lm train --corpus "$work/big.txt" --steps 1 --threads 1 --quiet --output "$work/m.lm" \
  >"$work/out" 2>"$work/err" &
pid=$!
until grep -q '^model written to' "$work/out"; do
  kill -0 "$pid" 2>/dev/null || fail "lm train ended before writing its model: $(cat "$work/err")"
  sleep 0.02
done
kill -TERM "$pid"
for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$pid" 2>/dev/null && fail "lm train's validation went on 10 s after TERM"
finish
[[ $status -eq 143 ]] || fail "TERM during validation: exit status $status, expected 143"
grep -q "SIGTERM came after training had finished; $work/m.lm is written in full" "$work/err" ||
  fail "the signal during validation was not reported: $(cat "$work/err")"
grep -q "^validation loss" "$work/out" && fail "a validation line after the signal ended it"
echo "ok: a signal ends lm train's validation"
