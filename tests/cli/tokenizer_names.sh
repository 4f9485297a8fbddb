#!/usr/bin/env bash
# tokenizer_names.sh GRADVEC CORPUS: a --tokenizer naming a built-in tokenizer (words and
# whitespace for train and phrases, chars for lm train) means the built-in even when a file of
# that name is in the working directory, and a one-line note on stderr says so; ./NAME reads the
# file. No note when no such file is there, or when --tokenizer is not given.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
mark=$'\xe2\x96\x81'  # U+2581 as its UTF-8 bytes: $'\u2581' needs a UTF-8 locale
note() {
  echo "gradvec: note: --tokenizer $1 is the built-in tokenizer, not the file $1 here; --tokenizer ./$1 reads the file"
}

head -c 20000 "$corpus" >"$work/corpus.txt"
"$gradvec" bpe train --corpus "$work/corpus.txt" --vocab-size 300 --output "$work/tok.bpe" \
  2>/dev/null || fail "bpe train failed"
cd "$work" || fail "no $work"
cp tok.bpe words
cp tok.bpe chars

w2v=(--corpus corpus.txt --dim 8 --epochs 1 --threads 1 --quiet)
"$gradvec" train "${w2v[@]}" --tokenizer words --output words.vec >/dev/null 2>err.txt ||
  fail "train --tokenizer words failed: $(cat err.txt)"
[[ $(cat err.txt) == "$(note words)" ]] || fail "train's note: $(cat err.txt)"
grep -q '^the ' words.vec || fail "--tokenizer words did not read words"
"$gradvec" train "${w2v[@]}" --tokenizer ./words --output bpe.vec >/dev/null 2>err.txt ||
  fail "train --tokenizer ./words failed: $(cat err.txt)"
[[ ! -s err.txt ]] || fail "a note for ./words: $(cat err.txt)"
grep -q "^${mark}the " bpe.vec || fail "--tokenizer ./words did not read the BPE file"
# A path is no mistyped name: ./word is looked for as a file, not offered words.
"$expect_failure" 2 "^gradvec: error: --tokenizer: ./word: BPE file not found" \
  "$gradvec" train "${w2v[@]}" --tokenizer ./word --output x.vec || exit 1
"$gradvec" train "${w2v[@]}" --tokenizer whitespace --output ws.vec >/dev/null 2>err.txt ||
  fail "train --tokenizer whitespace failed: $(cat err.txt)"
[[ ! -s err.txt ]] || fail "a note with no file named whitespace: $(cat err.txt)"
"$gradvec" train "${w2v[@]}" --output default.vec >/dev/null 2>err.txt ||
  fail "train failed: $(cat err.txt)"
[[ ! -s err.txt ]] || fail "a note with --tokenizer not given: $(cat err.txt)"
"$gradvec" phrases --corpus corpus.txt --tokenizer words --output phrased.txt >/dev/null \
  2>err.txt || fail "phrases --tokenizer words failed: $(cat err.txt)"
[[ $(head -n 1 err.txt) == "$(note words)" ]] || fail "phrases' note: $(cat err.txt)"
echo "ok: train and phrases say --tokenizer words is the built-in, and read ./words as a file"

lm=(--corpus corpus.txt --layers 1 --heads 2 --dim 16 --context 16 --batch 4 --steps 2 --threads 1)
"$gradvec" lm train "${lm[@]}" --tokenizer chars --output chars.lm >/dev/null 2>err.txt ||
  fail "lm train --tokenizer chars failed: $(cat err.txt)"
[[ $(head -n 1 err.txt) == "$(note chars)" ]] || fail "lm train's note: $(cat err.txt)"
grep -Eq '^corpus.txt: [0-9]+ characters, ' err.txt || fail "lm train's header: $(cat err.txt)"
"$gradvec" lm train "${lm[@]}" --tokenizer ./chars --output bpe.lm >/dev/null 2>err.txt ||
  fail "lm train --tokenizer ./chars failed: $(cat err.txt)"
grep -q 'note' err.txt && fail "a note for ./chars: $(cat err.txt)"
grep -Eq '^corpus.txt: 300 BPE tokens, ' err.txt || fail "./chars was not read: $(cat err.txt)"
"$gradvec" lm train "${lm[@]}" --output default.lm >/dev/null 2>err.txt ||
  fail "lm train failed: $(cat err.txt)"
grep -q 'note' err.txt && fail "a note with --tokenizer not given: $(cat err.txt)"
echo "ok: lm train says --tokenizer chars is the built-in, and reads ./chars as a file"
