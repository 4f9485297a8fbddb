#!/usr/bin/env bash
# tsan_train.sh GRADVEC CORPUS SUPPRESSIONS: with GRADVEC built with ThreadSanitizer
# (-DGRADVEC_TSAN=ON), 2-thread training is race-free but for the Hogwild updates of the shared
# tables that SUPPRESSIONS lists: skip-gram and CBOW with sgns and hs, the full softmax,
# --subwords, each optimizer, and a run stopped by Ctrl-C (stop flag, checkpoint) then resumed.
set -euo pipefail
gradvec=$1 corpus=$2 suppressions=$3
source "$(dirname "$0")/scratch.sh"
head -n 300 "$corpus" >"$work/corpus.txt"
export TSAN_OPTIONS="suppressions=$suppressions halt_on_error=1 exitcode=66 second_deadlock_stack=1"

# check STATUS EXPECTED WHAT: the run ended with EXPECTED and TSan reported nothing.
check() {
  if (($1 != $2)) || grep -q ThreadSanitizer "$work/err"; then
    cat "$work/err"
    echo "FAIL: $3 ended with status $1, expected $2"
    exit 1
  fi
}
# train ARGS...: one 2-thread run on the slice to its end.
train() {
  local status=0
  "$gradvec" train --corpus "$work/corpus.txt" --output "$work/v.vec" --threads 2 --dim 16 \
    --min-count 2 --batch 4 --quiet "$@" >/dev/null 2>"$work/err" || status=$?
  check $status 0 "train $*"
}
# interrupted ARGS...: a run given Ctrl-C once its workers run (its first line on stderr says
# the vocabulary is built): the stop flag, then the checkpoint.
interrupted() {
  local status=0 pid
  : >"$work/err"  # emptied here: the job's own redirection may come after the wait first reads it
  "$gradvec" train --corpus "$work/corpus.txt" --output "$work/v.vec" \
    --checkpoint "$work/run.ckpt" "$@" >/dev/null 2>"$work/err" &
  pid=$!
  until [[ -s $work/err ]]; do sleep 0.2; done
  sleep 1
  kill -INT "$pid"
  wait "$pid" || status=$?
  check $status 130 "interrupted train $*"
}

for model in skipgram cbow; do
  for loss in sgns hs; do
    train --epochs 1 --model $model --loss $loss
  done
  train --epochs 1 --model $model --subwords --buckets 500
done
train --epochs 1 --loss softmax
train --epochs 1 --optimizer adagrad
train --epochs 1 --optimizer adam
interrupted --threads 2 --dim 16 --min-count 2 --batch 4 --epochs 1000
# Resumed, both workers restored from the checkpoint; its 1000 epochs end by Ctrl-C again.
interrupted --resume "$work/run.ckpt"
echo "ok: 2-thread training is race-free outside the Hogwild table updates"
