#!/usr/bin/env bash
# lm_resume_steps.sh GRADVEC CORPUS: `lm train --resume` of a finished run says it had finished
# its N steps and how to extend it, instead of a summary of steps it never took; `--steps M`
# extends it to M steps, finished or not, and the extended model's checkpoint records the new
# total; fewer steps than taken are refused in one line; --threads may change on resuming.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
cd "$work" || exit 1
head -c 40000 "$corpus" >corpus.txt
"$gradvec" lm train --corpus corpus.txt --layers 1 --heads 2 --dim 16 --context 16 --batch 4 \
  --threads 1 --steps 10 --output ten.lm --quiet >/dev/null || fail "lm train exited $?"

"$gradvec" lm train --corpus corpus.txt --resume ten.lm --output again.lm >out.txt 2>err.txt ||
  fail "resuming a finished run exited $?"
grep -qx "no step to train: the run had already finished its 10 steps; --steps M (M > 10) extends it" out.txt ||
  fail "resuming a finished run printed: $(cat out.txt)"
! grep -q "^trained" out.txt || fail "a summary of steps never taken: $(cat out.txt)"
echo "ok: $(head -n 1 out.txt)"

"$gradvec" lm train --corpus corpus.txt --resume ten.lm --steps 25 --output longer.lm >out.txt 2>err.txt ||
  fail "--resume --steps 25 exited $?"
grep -q "25 steps, .*, resumed at step 10$" err.txt || fail "the header: $(cat err.txt)"
grep -q "^trained 25 steps in " out.txt || fail "the summary: $(cat out.txt)"
cmp -s longer.lm again.lm && fail "the extended model is the finished one"
"$gradvec" lm train --corpus corpus.txt --resume longer.lm --output last.lm >out.txt 2>/dev/null ||
  fail "resuming the extended run exited $?"
grep -q "already finished its 25 steps" out.txt || fail "the extended checkpoint: $(cat out.txt)"
echo "ok: --steps 25 extends a finished run of 10, and its model records 25"

"$expect_failure" 2 "^gradvec: error: --steps must be at least the 25 steps longer.lm has taken, got 24$" \
  "$gradvec" lm train --corpus corpus.txt --resume longer.lm --steps 24 --output x.lm || exit 1
[[ ! -e x.lm ]] || fail "a refused resume wrote its output"
"$gradvec" lm train --corpus corpus.txt --resume ten.lm --steps 12 --threads 2 --output two.lm \
  >/dev/null 2>err.txt || fail "--resume --threads 2 exited $?"
grep -q "12 steps, .*, 2 thread(s), " err.txt || fail "the header with --threads 2: $(cat err.txt)"
echo "ok: fewer steps than taken refused; --threads taken on resuming"
