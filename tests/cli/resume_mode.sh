#!/usr/bin/env bash
# resume_mode.sh GRADVEC CORPUS: what --resume does with the other options.
# A checkpoint keeps the model and loss it was trained with, and every other option that defines
# the run: one may restate the checkpoint's value; a different one is refused in one line naming
# each option with both values. --threads, --epochs and the outputs are this run's and the
# header says so; a larger --epochs extends a finished run, the rate taking up word2vec's linear
# decay over the new total; the summary gives this process's words beside the run's.
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
head -n 3000 "$corpus" >"$work/corpus.txt"
train() { "$gradvec" train --corpus "$work/corpus.txt" --quiet --output "$work/v.vec" "$@"; }

train --model cbow --epochs 1 --threads 1 --dim 8 --checkpoint "$work/run.ckpt" >/dev/null
"$expect_failure" 2 "run.ckpt: was trained with --model cbow, not skipgram; resume it with the checkpoint's values or without these options" \
  "$gradvec" train --corpus "$work/corpus.txt" --resume "$work/run.ckpt" --model skipgram
"$expect_failure" 2 "run.ckpt: was trained with --loss sgns, not softmax" \
  "$gradvec" train --corpus "$work/corpus.txt" --resume "$work/run.ckpt" --model cbow --loss softmax
train --resume "$work/run.ckpt" --model cbow --loss sgns >/dev/null
train --resume "$work/run.ckpt" >/dev/null

resume=("$gradvec" train --corpus "$work/corpus.txt" --resume "$work/run.ckpt")
train --epochs 2 --threads 1 --dim 8 --seed 3 --checkpoint "$work/run.ckpt" >/dev/null

# Every contradicting option is named, with the checkpoint's value and the given one; restated
# ones (--seed 3, --window 5) are not.
"$expect_failure" 2 "run.ckpt: was trained with --dim 8, not 50; --window 5, not 7; --lr 0.025, not 0.5; --optimizer sgd, not adam; --keep-case off, not on; resume it with the checkpoint's values or without these options$" \
  "${resume[@]}" --threads 2 --epochs 30 --dim 50 --window 7 --lr 0.5 --seed 3 --optimizer adam --keep-case --output "$work/y.vec"
"$expect_failure" 2 "run.ckpt: was trained with --subwords off, not on; --buckets 2000000, not 10" \
  "${resume[@]}" --subwords --buckets 10 --output "$work/y.vec"
"$expect_failure" 2 "^gradvec: error: --init-scale shapes only the counting pass and the starting tables, which $work/run.ckpt replaces; resume it without --init-scale$" \
  "${resume[@]}" --init-scale 0.5 --output "$work/y.vec"
"$expect_failure" 2 "train: --epochs 1 is fewer than the 2 epoch\(s\) this run has begun; give at least 2" \
  "${resume[@]}" --epochs 1 --output "$work/y.vec"
[[ ! -e $work/y.vec ]] || fail "a refused resume wrote vectors"

# Extended to 3 epochs on 2 threads, in another format: the header says where the run stands,
# its rate then (0.025 x (1 - 2/3)) and the threads, each beside the checkpoint's.
"${resume[@]}" --dim 8 --window 5 --seed 3 --epochs 3 --threads 2 --output-format w2v-bin --output "$work/y.bin" \
  --checkpoint "$work/three.ckpt" --show thou >"$work/out" 2>"$work/err"
cat "$work/err" "$work/out"
tokens=$(grep -o '[0-9]* tokens' "$work/err" | cut -d' ' -f1)
grep -q "resumed at 67% of 3 epochs (the checkpoint's run was set for 2), lr now 0.00833333, 2 thread(s) from epoch 3 (the checkpoint's run used 1)$" "$work/err" ||
  fail "the header does not say how the run resumes"
grep -Eq "^vocabulary [0-9]+ words, ready in [0-9.]+ s \| trained $tokens words in [0-9.]+ s \(run: $((3 * tokens)) words in [0-9.]+ s\) \|" "$work/out" ||
  fail "the summary does not give this process's words ($tokens) beside the run's ($((3 * tokens)))"
[[ $("$gradvec" info --vectors "$work/y.bin") == *"format: word2vec binary"* ]] || fail "--output-format not honoured"
grep -q '^thou ' "$work/out" || fail "--show not honoured"

# The extended run's checkpoint is a 2-thread run of 3 epochs: resumed as it is, it has nothing
# left to train.
"$gradvec" train --corpus "$work/corpus.txt" --resume "$work/three.ckpt" --output "$work/z.vec" \
  --quiet >"$work/out"
grep -q "| trained 0 words in [0-9.]* s (run: $((3 * tokens)) words in" "$work/out" || fail "$(cat "$work/out")"
"$gradvec" train --corpus "$work/corpus.txt" --resume "$work/three.ckpt" --output "$work/z.vec" \
  --show thou 2>&1 >/dev/null | grep -q "resumed at 100% of 3 epochs, lr now 2.5e-06, 2 thread(s)$" ||
  fail "the extended checkpoint is not a finished 2-thread run of 3 epochs"
echo "ok: contradictions refused by name, threads/epochs/outputs honoured and said, run totals beside"
