#!/usr/bin/env bash
# bpe_corpus_forms.sh GRADVEC CORPUS: bpe train takes --corpus in train's forms, and learns the
# same merges from each: a gzip'd copy (told by its magic bytes, not decompressed into
# "t o ▁ b e"), a directory, several files and standard input.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
learn() {
  local output=$1
  shift
  "$gradvec" bpe train --vocab-size 300 --output "$work/$output" "$@" 2>/dev/null ||
    fail "bpe train $* failed"
}

head -n 400 "$corpus" >"$work/text.txt"
learn plain.bpe --corpus "$work/text.txt"
gzip -c "$work/text.txt" >"$work/text.data"
learn gzip.bpe --corpus "$work/text.data"
cmp -s "$work/plain.bpe" "$work/gzip.bpe" || fail "a gzip'd corpus learned other merges"
mkdir "$work/dir"
cp "$work/text.txt" "$work/dir/a.txt"
learn dir.bpe --corpus "$work/dir"
cmp -s "$work/plain.bpe" "$work/dir.bpe" || fail "a directory learned other merges"
learn stdin.bpe --corpus - <"$work/text.txt"
cmp -s "$work/plain.bpe" "$work/stdin.bpe" || fail "standard input learned other merges"
head -n 200 "$work/text.txt" >"$work/first.txt"
tail -n +201 "$work/text.txt" >"$work/rest.txt"
learn two.bpe --corpus "$work/first.txt" "$work/rest.txt"
cmp -s "$work/plain.bpe" "$work/two.bpe" || fail "two files learned other merges than their lines in one"
echo "ok: bpe train reads a gzip'd file, a directory, several files and standard input"
