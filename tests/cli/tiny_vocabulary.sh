#!/usr/bin/env bash
# tiny_vocabulary.sh GRADVEC CORPUS: a --min-count that leaves a corpus fewer than 11 words is
# warned of in one line on stderr naming --min-count and the distinct words seen, and training
# goes on; a vocabulary of 11 words or more, or a corpus that has no more words than it keeps,
# gets no warning.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
cd "$work" || exit 1
run=(--corpus "$corpus" --dim 8 --epochs 1 --threads 1)

# TinyShakespeare's 12374 distinct words (the default tokenizer), 2 of them seen 5000 times.
"$gradvec" train "${run[@]}" --min-count 5000 --output tiny.vec >out.txt 2>err.txt ||
  fail "train --min-count 5000: exit status $?"
[[ -s tiny.vec ]] || fail "no vectors written after the warning"
warnings=$(grep -c '^gradvec: warning:' err.txt)
((warnings == 1)) || fail "expected one warning, got $warnings: $(cat err.txt)"
grep -qx "gradvec: warning: --min-count 5000 keeps only 2 of the 12374 distinct words seen, too few for their neighbours to mean anything; lower --min-count" err.txt ||
  fail "the warning: $(grep warning err.txt)"
echo "ok: $(grep warning err.txt)"

# The quiet run warns as well: the warning is no part of the header.
"$gradvec" train "${run[@]}" --min-count 5000 --quiet --output tiny.vec 2>err.txt >/dev/null
grep -q '^gradvec: warning: --min-count 5000' err.txt || fail "--quiet hid the warning"

for min_count in 5 2000; do  # 12 words at 2000
  "$gradvec" train "${run[@]}" --min-count $min_count --quiet --output v.vec 2>err.txt >/dev/null ||
    fail "train --min-count $min_count: exit status $?"
  ! grep -q warning err.txt || fail "--min-count $min_count warned: $(cat err.txt)"
done
# Four words, all kept: the corpus is small, not cut.
printf 'a b c d\n' >four.txt
"$gradvec" train --corpus four.txt --min-count 1 --dim 8 --epochs 1 --quiet --output f.vec \
  >/dev/null 2>err.txt ||
  fail "train on four words: exit status $?"
! grep -q warning err.txt || fail "a corpus of four words, all kept, warned: $(cat err.txt)"
echo "ok: no warning at 12 words, nor for a corpus with no more words than it keeps"
