#!/usr/bin/env bash
# vocab_files.sh GRADVEC CORPUS: --save-vocab writes the vocabulary a run trains, and
# --read-vocab of that file trains the same model without counting: the same vectors, byte for
# byte (one thread, one seed), since the words, their ids and their counts are the same.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
train=("$gradvec" train --corpus "$corpus" --epochs 1 --dim 16 --quiet --threads 1 --seed 7)

"${train[@]}" --output "$work/counted.vec" --save-vocab "$work/vocab.txt" >"$work/counted.log" ||
  fail "training with --save-vocab failed"
words=$(sed -n 's/^vocabulary \([0-9]*\) words.*/\1/p' "$work/counted.log")
[[ $(wc -l <"$work/vocab.txt") -eq $words ]] || fail "vocab.txt has not $words lines"
# Most frequent first, and every count at least the default --min-count.
sort -k2,2nr -s "$work/vocab.txt" | cmp -s - "$work/vocab.txt" || fail "vocab.txt is not by count"
awk '$2 < 5 { exit 1 }' "$work/vocab.txt" || fail "a word under --min-count in vocab.txt"

"${train[@]}" --output "$work/read.vec" --read-vocab "$work/vocab.txt" >"$work/read.log" ||
  fail "training with --read-vocab failed"
cmp -s "$work/counted.vec" "$work/read.vec" || fail "--read-vocab trained other vectors"
echo "ok: --read-vocab of --save-vocab's $words words trains the same vectors"

# --min-count applies to a read vocabulary too.
"${train[@]}" --output "$work/rare.vec" --read-vocab "$work/vocab.txt" --min-count 50 \
  >"$work/rare.log" || fail "--read-vocab with --min-count 50 failed"
kept=$(awk '$2 >= 50' "$work/vocab.txt" | wc -l)
grep -q "^vocabulary $kept words" "$work/rare.log" || fail "--min-count 50 did not keep $kept words"
echo "ok: --min-count 50 keeps the $kept words read with 50 or more"

printf 'the 5\nking five\n' >"$work/bad.txt"
"$cli/expect_failure.sh" 2 "bad.txt:2: count must be a positive integer" \
  "${train[@]}" --output "$work/x.vec" --read-vocab "$work/bad.txt" || exit 1
"$cli/expect_failure.sh" 2 "--resume excludes --read-vocab|--read-vocab excludes --resume" \
  "${train[@]}" --output "$work/x.vec" --read-vocab "$work/vocab.txt" --resume "$work/vocab.txt" || exit 1
[[ ! -e $work/x.vec ]] || fail "a refused run wrote vectors"

# Words a vector file cannot hold are refused when read, not after training.
printf 'the 5\nki\0ng 5\n' >"$work/nul.txt"
"$cli/expect_failure.sh" 2 "nul.txt:2: the word 'ki\\\\x00ng' contains the byte \\\\x00" \
  "${train[@]}" --output "$work/x.vec" --read-vocab "$work/nul.txt" || exit 1
[[ ! -e $work/x.vec ]] || fail "a refused run wrote vectors"
# A byte order mark is not part of the first word.
{ printf '\xef\xbb\xbf'; cat "$work/vocab.txt"; } >"$work/bom.txt"
"${train[@]}" --output "$work/bom.vec" --read-vocab "$work/bom.txt" >/dev/null ||
  fail "--read-vocab of a file with a byte order mark failed"
cmp -s "$work/counted.vec" "$work/bom.vec" || fail "the byte order mark changed the vectors"
echo "ok: --read-vocab refuses unwritable words by line and ignores a byte order mark"

# Words the tokenizer never yields (capitals, without --keep-case) are never trained: a warning
# with their count and examples, and they are left out unless --keep-unseen-vocab; or a refusal
# when no word could be trained.
tr a-z A-Z <"$work/vocab.txt" | grep -E '^[^ ]*[A-Z]' >"$work/upper.txt"
upper=$(wc -l <"$work/upper.txt")
"$cli/expect_failure.sh" 2 "--read-vocab .*upper.txt: $upper of its $upper words can never occur in the tokenized corpus \('THE', .*\); words with capitals need --keep-case; nothing would be trained$" \
  "${train[@]}" --output "$work/x.vec" --read-vocab "$work/upper.txt" || exit 1
{ head -n 1 "$work/upper.txt"; tail -n +2 "$work/vocab.txt"; } >"$work/mixed.txt"
"${train[@]}" --output "$work/mixed.vec" --read-vocab "$work/mixed.txt" >/dev/null \
  2>"$work/mixed.err" || fail "--read-vocab with one capitalised word failed"
grep -Eq "^gradvec: warning: --read-vocab .*mixed.txt: 1 of its $words words can never occur in the tokenized corpus \('THE'\); words with capitals need --keep-case; they are left out \(--keep-unseen-vocab keeps them\)$" \
  "$work/mixed.err" || fail "no warning for a capitalised word: $(cat "$work/mixed.err")"
[[ $(head -n 1 "$work/mixed.vec") == "$((words - 1)) 16" ]] || fail "THE was not left out"
"${train[@]}" --output "$work/unseen.vec" --read-vocab "$work/mixed.txt" --keep-unseen-vocab \
  >/dev/null 2>"$work/unseen.err" || fail "--keep-unseen-vocab failed"
grep -q "they stay untrained$" "$work/unseen.err" || fail "--keep-unseen-vocab: $(cat "$work/unseen.err")"
grep -q "^THE " "$work/unseen.vec" || fail "--keep-unseen-vocab did not keep THE"
"${train[@]}" --output "$work/kept.vec" --read-vocab "$work/upper.txt" --keep-case \
  2>"$work/kept.err" >/dev/null || fail "--keep-case did not accept capitalised words"
[[ ! -s $work/kept.err ]] || fail "--keep-case still warned: $(cat "$work/kept.err")"
echo "ok: --read-vocab warns of words the tokenizer never yields, and refuses a vocabulary of them"
