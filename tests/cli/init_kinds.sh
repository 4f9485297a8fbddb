#!/usr/bin/env bash
# init_kinds.sh GRADVEC CORPUS: train --init tells what it was given before reading it as vectors,
# and refuses what is no model in one line naming what it looks like and what --init takes, exit
# 2, nothing written: a BPE merges file, a vocabulary (--save-vocab's output) and an lm model,
# which it read as 1-dimensional GloVe vectors or quoted as a binary line, and any two columns of
# text. A vector file of one dimension with its 'V 1' header still continues; a vector file that
# repeats a word keeps its first row, with the vector readers' warning, as every vector command.
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
head -n 2000 "$corpus" >"$work/corpus.txt"
small=(--corpus "$work/corpus.txt" --quiet --epochs 1 --threads 1)
"$gradvec" train "${small[@]}" --dim 8 --output "$work/model.vec" --save-vocab "$work/vocab.txt" \
  >/dev/null
"$gradvec" bpe train --corpus "$work/corpus.txt" --vocab-size 300 --output "$work/tokens.bpe" \
  >/dev/null 2>&1
"$gradvec" lm train --corpus "$work/corpus.txt" --layers 1 --heads 2 --dim 16 --context 16 \
  --batch 4 --steps 2 --threads 1 --quiet --output "$work/model.lm" >/dev/null 2>&1
awk '{ print $1, NR / 4 }' "$work/vocab.txt" >"$work/two-columns.txt"

takes="; --init takes a gradvec checkpoint \(train --checkpoint\), a fastText \.bin or a vector file \(of one dimension only with a word2vec 'V 1' header line\)$"
refused() {  # refused FILE KIND: --init FILE refused as looking like KIND (a regex)
  "$expect_failure" 2 "^gradvec: error: --init $work/$1 looks like $2$takes" \
    "$gradvec" train "${small[@]}" --init "$work/$1" --output "$work/refused.vec" ||
    fail "--init $1 not refused as $2"
  [[ ! -e $work/refused.vec && ! -e $work/refused.vec.ckpt ]] || fail "--init $1 wrote vectors"
}
refused tokens.bpe "a BPE merges file \(bpe train's output, for --tokenizer\)"
refused vocab.txt "a vocabulary file \(--save-vocab's 'word count' lines, for --read-vocab\)"
refused model.lm "a gradvec lm model \(lm train's output, for lm sample and lm eval\)"
refused two-columns.txt "two columns of text, which read as 1-dimensional GloVe vectors"

# With its header, one dimension is a model.
{ echo "$(wc -l <"$work/two-columns.txt") 1"; cat "$work/two-columns.txt"; } >"$work/one.vec"
"$gradvec" train "${small[@]}" --init "$work/one.vec" --output "$work/one-continued.vec" >/dev/null
[[ $(head -n 1 "$work/one-continued.vec") == *" 1" ]] || fail "a 1-dimensional model not continued"

# A repeated word, the second time with other values: its first row, and the warning every vector
# command gives.
{
  echo "$(wc -l <"$work/model.vec") 8"
  tail -n +2 "$work/model.vec"
  sed -n 3p "$work/model.vec" | awk '{ for (i = 2; i <= NF; i++) $i = 0.5; print }'
} >"$work/repeated.vec"
"$gradvec" train "${small[@]}" --init "$work/repeated.vec" --freeze-known \
  --output "$work/continued.vec" 2>"$work/repeated.err" >/dev/null
[[ $(cat "$work/repeated.err") == "gradvec: warning: $work/repeated.vec: 1 duplicate words; the first row of each was kept" ]] ||
  fail "no warning of the repeated word: $(cat "$work/repeated.err")"
word=$(sed -n '3s/ .*//p' "$work/model.vec")
[[ $(grep "^$word " "$work/continued.vec") == $(sed -n 3p "$work/model.vec") ]] ||
  fail "the repeated word's frozen row is not its first"
echo "ok: --init refuses what is no model by what it looks like, keeps a repeated word's first row"
