#!/usr/bin/env bash
# corpus_forms.sh GRADVEC CORPUS: every command that reads a corpus (train, phrases, bpe train,
# lm train, lm eval) takes --corpus in train's forms and judges its files alike. phrases writes
# the same output from a gzip'd copy (named .data: told by its magic bytes), a directory, several
# files and standard input as from the plain file; a vector file and UTF-16 text are refused in
# one line naming them, before any output, by every command.
set -uo pipefail
gradvec=$1 corpus=$2
cli=$(dirname "$0")
source "$cli/scratch.sh"

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
done
echo "ok: a vector file and UTF-16 text are refused by name in every command"
