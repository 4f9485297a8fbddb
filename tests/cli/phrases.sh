#!/usr/bin/env bash
# phrases.sh GRADVEC: `gradvec phrases` joins the corpus's phrases (the hand-worked corpus of
# tests/text/phrases_test.cpp), a second run over its output joins trigrams, train reads
# the joined words as words, and the output goes to a file (atomically: nothing is left behind
# by a failed run, which never says it wrote), to standard output with `-`, or into a FIFO in
# place. Bad input is one line.
set -euo pipefail
gradvec=$1
source "$(dirname "$0")/scratch.sh"
printf 'A b c\na b c.\na, b c\nb c\n' >"$work/corpus.txt"
phrases() { "$gradvec" phrases --min-count 1 --threshold 0.5 "$@"; }

# a b scores 0.8333 and b c 0.9375 (N = 3 words + 2 bigrams = 5): "a b c" joins from the left.
phrases --corpus "$work/corpus.txt" --output "$work/bigrams.txt" 2>"$work/err.txt"
[[ $(cat "$work/bigrams.txt") == $'a_b c\na_b c\na_b c\nb_c' ]] || fail "bigrams: $(cat "$work/bigrams.txt")"
grep -q "11 tokens, 3 words, 2 bigrams (N = 5)" "$work/err.txt" || fail "summary: $(cat "$work/err.txt")"
grep -q "2 phrases score above 0.5 with min count 1; 4 pairs joined in 4 lines" "$work/err.txt" ||
  fail "summary: $(cat "$work/err.txt")"
[[ $(ls -A "$work") == $'bigrams.txt\ncorpus.txt\nerr.txt' ]] || fail "files left behind: $(ls -A "$work")"

# The corpus cannot be the output, as no input of any command can: it is refused, unchanged.
"$expect_failure" 2 "--output $work/corpus.txt and --corpus $work/corpus.txt name the same file" \
  "$gradvec" phrases --corpus "$work/corpus.txt" --output "$work/corpus.txt"
[[ $(head -n 1 "$work/corpus.txt") == "A b c" ]] || fail "the corpus was changed"

# --list writes each phrase with its score (the shortest text that reads back) and count.
phrases --corpus "$work/corpus.txt" --output /dev/null --list "$work/list.txt" 2>/dev/null
[[ $(cat "$work/list.txt") == $'b_c 0.9375 4
a_b 0.8333333333333333 3' ]] || fail "list: $(cat "$work/list.txt")"
rm "$work/list.txt"

# The second run reads a_b as one word and joins it with c.
phrases --corpus "$work/bigrams.txt" --output "$work/trigrams.txt" 2>/dev/null
[[ $(cat "$work/trigrams.txt") == $'a_b_c\na_b_c\na_b_c\nb_c' ]] || fail "trigrams: $(cat "$work/trigrams.txt")"
"$gradvec" train --corpus "$work/trigrams.txt" --output "$work/v.vec" --min-count 1 --dim 4 \
  --epochs 1 --threads 1 --quiet >/dev/null
grep -q '^a_b_c ' "$work/v.vec" || fail "train did not keep a_b_c as a word: $(cut -d' ' -f1 "$work/v.vec")"

# `-` is standard output, with the summary still on stderr; a FIFO is written in place.
[[ $(phrases --corpus "$work/corpus.txt" --output - 2>/dev/null) == $'a_b c\na_b c\na_b c\nb_c' ]] ||
  fail "--output - did not print the bigrams"
mkfifo "$work/fifo"
cat "$work/fifo" >"$work/from_fifo.txt" &
phrases --corpus "$work/corpus.txt" --output "$work/fifo" 2>/dev/null
wait $!
[[ -p $work/fifo ]] || fail "the FIFO was replaced"
cmp -s "$work/from_fifo.txt" "$work/bigrams.txt" || fail "the FIFO's reader got: $(cat "$work/from_fifo.txt")"

# Bad input: one line naming the file or value, status 2, and no output file.
: >"$work/empty.txt"
"$expect_failure" 2 "empty.txt: the corpus holds no words" \
  "$gradvec" phrases --corpus "$work/empty.txt" --output "$work/out.txt"
"$expect_failure" 2 "--list - and --output - both write to standard output" \
  "$gradvec" phrases --corpus "$work/corpus.txt" --output - --list -
"$expect_failure" 2 "cannot write .*corpus.txt/out.txt: Not a directory$" \
  "$gradvec" phrases --corpus "$work/corpus.txt" --output "$work/corpus.txt/out.txt"
# A write that fails is said to, and the corpus is never said to be written: the summary comes
# only once the file is whole.
"$gradvec" phrases --corpus "$work/corpus.txt" --output /dev/full 2>"$work/full.err" &&
  fail "a write to /dev/full succeeded"
grep -q "^gradvec: error: cannot write /dev/full" "$work/full.err" &&
  ! grep -q "written to" "$work/full.err" || fail "a failed write's messages: $(cat "$work/full.err")"
! compgen -G "$work/out.txt*" >/dev/null || fail "a failed run left $(ls "$work"/out.txt*)"
echo "ok: bigrams, their list, trigrams, train reads them, stdout and FIFO output, bad input refused"
