#!/usr/bin/env bash
# resume_mode.sh GRADVEC CORPUS: a checkpoint keeps the model and loss it was trained with.
# --resume with another --model or --loss is refused in one line; the same ones, or none,
# continue it.
set -euo pipefail
gradvec=$1 corpus=$2
expect_failure=$(dirname "$0")/expect_failure.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
head -n 3000 "$corpus" >"$work/corpus.txt"
train() { "$gradvec" train --corpus "$work/corpus.txt" --quiet --output "$work/v.vec" "$@"; }

train --model cbow --epochs 1 --threads 1 --dim 8 --checkpoint "$work/run.ckpt" >/dev/null
"$expect_failure" 2 "run.ckpt: was trained with --model cbow, not skipgram; resume it with --model cbow or without --model" \
  "$gradvec" train --corpus "$work/corpus.txt" --resume "$work/run.ckpt" --model skipgram
"$expect_failure" 2 "run.ckpt: was trained with --loss sgns, not softmax" \
  "$gradvec" train --corpus "$work/corpus.txt" --resume "$work/run.ckpt" --model cbow --loss softmax
train --resume "$work/run.ckpt" --model cbow --loss sgns >/dev/null
train --resume "$work/run.ckpt" >/dev/null
echo "ok: the checkpoint's own mode resumes, another is refused"
