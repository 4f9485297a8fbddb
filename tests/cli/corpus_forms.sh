#!/usr/bin/env bash
# corpus_forms.sh GRADVEC CORPUS: every command that reads a corpus (train, phrases, bpe train,
# lm train, lm eval) takes --corpus in train's forms and judges its files alike. phrases writes
# the same output from a gzip'd copy (named .data: told by its magic bytes), a directory, several
# files and standard input as from the plain file; lm train and lm eval give the same loss from
# a directory and several files as from their text in one, resume over a gzip'd file, and refuse
# standard input by name; a vector file and UTF-16 text are refused in one line naming them,
# before any output, by every command.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"

head -n 2000 "$corpus" >"$work/text.txt"
gzip -c "$work/text.txt" >"$work/text.data"
mkdir "$work/dir"
head -n 1000 "$work/text.txt" >"$work/dir/a.txt"
tail -n +1001 "$work/text.txt" >"$work/dir/b.txt"

phrases() {
  local output=$1
  shift
  "$gradvec" phrases --threads 2 --output "$work/$output" "$@" 2>/dev/null ||
    fail "phrases $* failed"
}
phrases plain.txt --corpus "$work/text.txt"
phrases gzip.txt --corpus "$work/text.data"
cmp -s "$work/plain.txt" "$work/gzip.txt" || fail "phrases of a gzip'd corpus differ"
phrases dir.txt --corpus "$work/dir"
cmp -s "$work/plain.txt" "$work/dir.txt" || fail "phrases of a directory differ"
phrases two.txt --corpus "$work/dir/a.txt" "$work/dir/b.txt"
cmp -s "$work/plain.txt" "$work/two.txt" || fail "phrases of two files differ from their lines in one"
phrases stdin.txt --corpus - <"$work/text.txt"
cmp -s "$work/plain.txt" "$work/stdin.txt" || fail "phrases of standard input differ"
echo "ok: phrases reads a gzip'd file, a directory, several files and standard input"

# lm reads the files as one text, in train's order: the same model and loss from every form.
lm=(--layers 1 --heads 2 --dim 16 --context 16 --batch 4 --steps 3 --threads 1 --quiet)
lm_loss() {
  local output=$1
  shift
  "$gradvec" lm train "${lm[@]}" --output "$work/$output" "$@" 2>/dev/null | tail -n 1 ||
    fail "lm train $* failed"
}
plain=$(lm_loss plain.lm --corpus "$work/text.txt")
[[ $plain == "validation loss "* ]] || fail "lm train: $plain"
[[ $(lm_loss dir.lm --corpus "$work/dir") == "$plain" ]] || fail "lm train on a directory differs"
[[ $(lm_loss two.lm --corpus "$work/dir/a.txt" "$work/dir/b.txt") == "$plain" ]] ||
  fail "lm train on two files differs from their text in one"
eval_loss() { "$gradvec" lm eval --lm "$work/plain.lm" "$@" 2>&1 || fail "lm eval $* failed"; }
[[ $(eval_loss --corpus "$work/dir") == "$(eval_loss --corpus "$work/text.txt")" ]] ||
  fail "lm eval on a directory differs"
# A gzip'd corpus resumes: its size is known only once it is decompressed.
lm_loss gzip.lm --corpus "$work/text.data" >/dev/null
"$gradvec" lm train --resume "$work/gzip.lm" --corpus "$work/text.data" --steps 4 --quiet \
  --output "$work/gzip4.lm" >/dev/null 2>&1 || fail "lm train --resume on a gzip'd corpus failed"
"$cli/expect_failure.sh" 2 "^gradvec: error: --corpus -: lm reads its corpus again to resume and to evaluate a model, which standard input cannot be; save it to a file and give that$" \
  "$gradvec" lm train "${lm[@]}" --corpus - --output "$work/out" || exit 1
echo "ok: lm train and lm eval read a directory and several files as one text, and resume on a gzip'd one"

printf '3 2\nthe 0.1 0.2\nand 0.3 0.4\nking 0.5 0.6\n' >"$work/v.vec"
iconv -f UTF-8 -t UTF-16 "$work/text.txt" >"$work/text16.txt" || fail "iconv is missing"
vectors="^gradvec: error: $work/v.vec looks like word2vec text vectors, not a corpus; to query them: gradvec nearest --vectors $work/v.vec$"
utf16="^gradvec: error: $work/text16.txt: looks like UTF-16 text, not UTF-8; convert it: iconv -f UTF-16 -t UTF-8 $work/text16.txt > $work/text16.txt.utf8$"
refused() {
  local pattern=$1
  shift
  "$cli/expect_failure.sh" 2 "$pattern" "$@" || exit 1
  [[ ! -e $work/out ]] || fail "a refused run wrote its output"
}
for file in v.vec text16.txt; do
  pattern=$vectors
  [[ $file == text16.txt ]] && pattern=$utf16
  refused "$pattern" "$gradvec" phrases --corpus "$work/$file" --output "$work/out"
  refused "$pattern" "$gradvec" bpe train --corpus "$work/$file" --output "$work/out"
  refused "$pattern" "$gradvec" bpe train --corpus "$work/dir/a.txt" "$work/$file" --output "$work/out"
  refused "$pattern" "$gradvec" lm train "${lm[@]}" --corpus "$work/$file" --output "$work/out"
  refused "$pattern" "$gradvec" lm eval --lm "$work/plain.lm" --corpus "$work/$file"
done
echo "ok: a vector file and UTF-16 text are refused by name in every command"
