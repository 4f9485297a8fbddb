#!/usr/bin/env bash
# gzip_file_options.sh GRADVEC CORPUS: every file-reading option takes a gzip'd file or refuses it
# by name. bpe encode reads gzip'd standard input as its text (the same ids as the plain text,
# not the compressed bytes' tokens), bpe decode its ids, and a cut-short one is one line; the files gradvec reads
# only as they are (a BPE file, a vocabulary file, a word2vec or lm checkpoint, whose sizes bound
# what they hold) are refused in one line saying they are gzip'd, not called damaged.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
refused() {
  local option=$1 name=$2 what=$3
  shift 3
  "$cli/expect_failure.sh" 2 "^gradvec: error: $option$work/$name: a gzip'd $what; decompress it first: gunzip -k $work/$name$" "$@" ||
    exit 1
}

head -n 300 "$corpus" >"$work/text.txt"
"$gradvec" bpe train --corpus "$work/text.txt" --vocab-size 300 --output "$work/tok.bpe" 2>/dev/null ||
  fail "bpe train failed"
"$gradvec" bpe encode --tokenizer "$work/tok.bpe" <"$work/text.txt" >"$work/plain.ids" ||
  fail "bpe encode failed"
gzip -c "$work/text.txt" >"$work/text.data"
"$gradvec" bpe encode --tokenizer "$work/tok.bpe" <"$work/text.data" >"$work/gzip.ids" ||
  fail "bpe encode of gzip'd input failed"
cmp -s "$work/plain.ids" "$work/gzip.ids" || fail "bpe encode of gzip'd input gave other ids"
head -c 100 "$work/text.data" >"$work/cut.data"
"$cli/expect_failure.sh" 2 "^gradvec: error: standard input: cannot decompress gzip data: unexpected end of file$" \
  sh -c '"$@" <"'"$work/cut.data"'"' sh "$gradvec" bpe encode --tokenizer "$work/tok.bpe" || exit 1
gzip -c "$work/plain.ids" >"$work/ids.data"
"$gradvec" bpe decode --tokenizer "$work/tok.bpe" <"$work/ids.data" >"$work/decoded.txt" ||
  fail "bpe decode of gzip'd ids failed"
cmp -s "$work/text.txt" "$work/decoded.txt" || fail "bpe decode of gzip'd ids gave other text"
echo "ok: bpe encode and decode read gzip'd standard input as its text"

gzip -c "$work/tok.bpe" >"$work/tok.bpe.gz"
refused "" tok.bpe.gz "BPE file" "$gradvec" bpe encode --tokenizer "$work/tok.bpe.gz"
refused "--tokenizer: " tok.bpe.gz "BPE file" "$gradvec" train --corpus "$work/text.txt" --tokenizer "$work/tok.bpe.gz" \
  --output "$work/out.vec"
train=("$gradvec" train --corpus "$work/text.txt" --epochs 1 --dim 8 --threads 1 --quiet)
"${train[@]}" --save-vocab "$work/vocab.txt" --checkpoint "$work/w2v.ckpt" --output "$work/v.vec" \
  >/dev/null 2>&1 || fail "train failed"
gzip -c "$work/vocab.txt" >"$work/vocab.gz"
refused "" vocab.gz "vocabulary file" "${train[@]}" --read-vocab "$work/vocab.gz" --output "$work/out.vec"
gzip -c "$work/w2v.ckpt" >"$work/w2v.ckpt.gz"
refused "" w2v.ckpt.gz checkpoint "${train[@]}" --resume "$work/w2v.ckpt.gz" --output "$work/out.vec"
"$gradvec" lm train --corpus "$work/text.txt" --layers 1 --heads 2 --dim 16 --context 16 --batch 4 \
  --steps 2 --threads 1 --quiet --output "$work/m.lm" >/dev/null 2>&1 || fail "lm train failed"
gzip -c "$work/m.lm" >"$work/m.lm.gz"
refused "" m.lm.gz "language-model checkpoint" "$gradvec" lm eval --lm "$work/m.lm.gz" --corpus "$work/text.txt"
refused "" m.lm.gz "language-model checkpoint" "$gradvec" lm sample --lm "$work/m.lm.gz"
refused "" m.lm.gz "language-model checkpoint" "$gradvec" lm train --resume "$work/m.lm.gz" \
  --corpus "$work/text.txt" --output "$work/out.lm"
[[ ! -e $work/out.vec && ! -e $work/out.lm ]] || fail "a refused run wrote its output"
echo "ok: a gzip'd BPE file, vocabulary file or checkpoint is refused by name"
