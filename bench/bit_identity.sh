#!/usr/bin/env bash
# bit_identity.sh GRADVEC OUT_FILE: the check a refactor must pass. Trains every model x loss x
# optimizer x subwords at 1 thread, seed 1, on the first 300 kB of TinyShakespeare, and every lm
# --pos briefly; writes one line per run to OUT_FILE: the run's name and the sha256 of its vectors
# (for the lm, of a seeded sample, and its validation loss). Run it with the binary before and
# after a change that should not change results, and `diff` the two files: they must be equal.
# (An lm model file itself holds its training's wall time, so the sample stands for its weights.)
set -euo pipefail
gradvec=$(realpath "$1") out=$(realpath -m "$2")
repo=$(cd "$(dirname "$gradvec")/.." && pwd)
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
head -c 300000 "$repo/data/tinyshakespeare.txt" >"$work/c.txt"
: >"$out"
for model in skipgram cbow; do
  for loss in sgns hs softmax; do
    for opt in sgd adagrad adam; do
      for sub in "" --subwords; do
        extra=()
        [[ $sub == --subwords ]] && extra=(--subwords --buckets 5000)
        [[ $loss == softmax ]] && extra+=(--min-count 20)
        "$gradvec" train --corpus "$work/c.txt" --output "$work/v.vec" --dim 16 --epochs 1 \
          --threads 1 --seed 1 --model $model --loss $loss --optimizer $opt "${extra[@]}" \
          --quiet >/dev/null 2>&1 || { echo "$model $loss $opt ${sub:-plain} FAILED" >>"$out"; continue; }
        echo "$model $loss $opt ${sub:-plain} $(sha256sum <"$work/v.vec" | cut -c1-16)" >>"$out"
      done
    done
  done
done
for pos in learned sinusoidal rope none; do
  "$gradvec" lm train --corpus "$work/c.txt" --output "$work/m.lm" --pos $pos --steps 30 \
    --layers 1 --dim 16 --heads 2 --context 40 --batch 4 --threads 1 --quiet >/dev/null 2>&1
  echo "lm $pos sample $("$gradvec" lm sample --checkpoint "$work/m.lm" --length 300 --temperature 0.5 --seed 1 2>/dev/null | sha256sum | cut -c1-16) $("$gradvec" lm eval --checkpoint "$work/m.lm" --corpus "$work/c.txt" --threads 1 2>&1 | tr '\n' ' ')" >>"$out"
done
