#!/usr/bin/env bash
# lm_interrupt_resume.sh GRADVEC CORPUS
# Ctrl-C during `gradvec lm train` must stop at a step boundary, as `gradvec train` does: status
# 130, a checkpoint written, no model yet; `--resume` must then finish the run and write a model
# that samples.
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
head -c 20000 "$corpus" >"$work/corpus.txt"

"$gradvec" lm train --corpus "$work/corpus.txt" --layers 1 --heads 2 --dim 16 --context 16 \
  --batch 4 --steps 1500 --threads 1 --output "$work/m.lm" 2>"$work/err" >"$work/out" &
pid=$!
# The header is printed once the corpus is read and the model built: training starts next.
for _ in $(seq 200); do
  grep -q "parameters" "$work/err" && break
  sleep 0.05
done
kill -INT "$pid"
status=0
wait "$pid" || status=$?
cat "$work/err"
[[ $status -ne 0 ]] || fail "the run finished before the interrupt; use a longer run"
[[ $status -eq 130 ]] || fail "exit status $status after Ctrl-C, expected 130"
[[ -s $work/m.lm.ckpt ]] || fail "no checkpoint after Ctrl-C"
[[ ! -e $work/m.lm ]] || fail "a model written by an interrupted run"
grep -q "checkpoint written to $work/m.lm.ckpt; continue with: gradvec lm train --resume" "$work/err" ||
  fail "no message about the checkpoint"

"$gradvec" lm train --corpus "$work/corpus.txt" --resume "$work/m.lm.ckpt" --quiet \
  --output "$work/m.lm" >"$work/out"
grep -q "^trained 1500 steps" "$work/out" || fail "resumed run: $(cat "$work/out")"
"$gradvec" lm sample --lm "$work/m.lm" --length 20 >/dev/null
ls -A "$work" | grep -q "^\." && fail "temporary files left behind"
echo "ok: interrupted, checkpointed, resumed"
