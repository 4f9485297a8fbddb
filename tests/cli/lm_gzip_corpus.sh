#!/usr/bin/env bash
# lm_gzip_corpus.sh GRADVEC CORPUS: lm train and lm eval decompress a gzip'd --corpus (told by its
# magic bytes, whatever its name), reading the same text as the plain file: the same symbols, the
# same validation loss; a cut-short one is one line naming the file.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
lm=("$gradvec" lm train --steps 3 --threads 1 --layers 1 --dim 16 --heads 2)

head -c 100000 "$corpus" >"$work/text.txt"
gzip -c "$work/text.txt" >"$work/text.data"
plain=$("${lm[@]}" --corpus "$work/text.txt" --output "$work/plain.lm" 2>&1 | grep -v "written to\|in [0-9.]* s") ||
  fail "lm train on the plain file failed"
packed=$("${lm[@]}" --corpus "$work/text.data" --output "$work/packed.lm" 2>&1 | grep -v "written to\|in [0-9.]* s") ||
  fail "lm train on the gzip'd file failed"
[[ ${packed//text.data/text.txt} == "$plain" ]] || fail "the gzip'd corpus trained otherwise: $packed // $plain"
[[ $("$gradvec" lm eval --lm "$work/plain.lm" --corpus "$work/text.data" 2>&1) == \
  $("$gradvec" lm eval --lm "$work/plain.lm" --corpus "$work/text.txt" 2>&1) ]] ||
  fail "lm eval scored the gzip'd corpus otherwise"
echo "ok: lm train and lm eval read a gzip'd corpus as its text"

head -c 100 "$work/text.data" >"$work/cut.gz"
"$cli/expect_failure.sh" 2 "^gradvec: error: $work/cut.gz: cannot decompress gzip data" \
  "${lm[@]}" --corpus "$work/cut.gz" --output "$work/cut.lm" || exit 1
echo "ok: a cut-short gzip'd corpus is one line naming it"
