#!/usr/bin/env bash
# train_modes.sh GRADVEC CORPUS: every --model x --loss trains from the command line (with
# --subwords too), and the run's first line names the mode and the learning rate it took:
# word2vec.c's default for the model (skip-gram 0.025, CBOW 0.05) unless --lr is given.
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
head -n 2000 "$corpus" >"$work/corpus.txt"

# header ARGS...: the first line a training run prints on stderr.
header() {
  "$gradvec" train --corpus "$work/corpus.txt" --output "$work/v.vec" --epochs 1 --dim 8 \
    --threads 1 --show thou "$@" 2>&1 >/dev/null | head -n 1
}
expect() {  # expect WANTED ARGS...
  local wanted=$1 line
  shift
  line=$(header "$@")
  [[ $line == *"$wanted"* ]] || { echo "train $*: first line '$line' lacks '$wanted'" >&2; exit 1; }
  [[ -s $work/v.vec ]] || { echo "train $*: wrote no vectors" >&2; exit 1; }
  rm -f "$work/v.vec"
}
for loss in sgns hs softmax; do
  expect "skipgram + $loss, lr 0.025," --model skipgram --loss $loss
  expect "cbow + $loss, lr 0.05," --model cbow --loss $loss
done
expect "cbow + hs, lr 0.1," --model cbow --loss hs --lr 0.1
for model in skipgram cbow; do
  for loss in sgns hs; do
    expect "$model with subwords + $loss," --model $model --loss $loss --subwords --buckets 1000
  done
done
expect "skipgram + sgns, lr 0.025," --lr 0.025
echo "ok: every model and loss trains, with and without subwords; the default rate follows the model"
