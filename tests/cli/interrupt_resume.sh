#!/usr/bin/env bash
# interrupt_resume.sh GRADVEC CORPUS
# Ctrl-C during `gradvec train` must stop cleanly: status 130, a checkpoint written, no vector
# file yet; `--resume` must then finish the run and write vectors that load.
set -euo pipefail
gradvec=$1 corpus=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$gradvec" train --corpus "$corpus" --epochs 12 --threads 1 --quiet \
  --output "$work/v.vec" --checkpoint "$work/run.ckpt" 2>"$work/err" &
pid=$!
# Wait until training has surely started (the vocabulary pass is done), then interrupt.
sleep 1.5
kill -INT "$pid"
status=0
wait "$pid" || status=$?
cat "$work/err"
[[ $status -ne 0 ]] || { echo "FAIL: the run finished before the interrupt; use a longer run"; exit 1; }
[[ $status -eq 130 ]] || { echo "FAIL: exit status $status after Ctrl-C, expected 130"; exit 1; }
[[ -s $work/run.ckpt ]] || { echo "FAIL: no checkpoint after Ctrl-C"; exit 1; }
[[ ! -e $work/v.vec ]] || { echo "FAIL: vectors written by an interrupted run"; exit 1; }
grep -q "checkpoint written" "$work/err" || { echo "FAIL: no message about the checkpoint"; exit 1; }

"$gradvec" train --corpus "$corpus" --resume "$work/run.ckpt" --quiet --output "$work/v.vec"
"$gradvec" info --vectors "$work/v.vec"
ls "$work" | grep -q tmp && { echo "FAIL: temporary files left behind"; exit 1; }
echo "ok: interrupted, checkpointed, resumed"
