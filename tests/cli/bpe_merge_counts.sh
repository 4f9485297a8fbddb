#!/usr/bin/env bash
# bpe_merge_counts.sh GRADVEC CORPUS: a BPE file claiming more merges than any tokenizer may have
# is refused by its header in one line naming the file, the count and the cap; one within the cap
# whose tokens do not fit in memory is refused before they are spelled, naming the file and its
# merges; and every memory message of a run over BPE tokens says to use a tokenizer of fewer
# merges, not only to lower --dim. Needs a build without sanitizers (they reserve terabytes of
# address space).
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
head -c 20000 "$corpus" >"$work/corpus.txt"

printf 'gradvec-bpe 1\nmerges 1048321\n97 97\n' >"$work/over.bpe"
cap="line 2: merges 1048321 is more than the 1048320 a tokenizer may have \(a vocabulary of 1048576 tokens, four times the largest in use\)$"
"$expect_failure" 2 "^gradvec: error: $work/over.bpe: $cap" \
  "$gradvec" bpe encode --tokenizer "$work/over.bpe" </dev/null || exit 1
"$expect_failure" 2 "^gradvec: error: --tokenizer: $work/over.bpe: $cap" \
  "$gradvec" train --corpus "$work/corpus.txt" --tokenizer "$work/over.bpe" --output "$work/x.vec" || exit 1
echo "ok: a BPE file past the cap is refused by its header"

# The most merges a file may hold, 1,048,320, in chains that each grow a token from 2 bytes to
# 256 (a pair of bytes, then an 'a' after the last token made, 254 times): 136 MB of tokens.
awk 'BEGIN {
  print "gradvec-bpe 1"; print "merges 1048320"
  made = 256; n = 0
  for (a = 97; n < 1048320; ++a) for (b = 0; b < 256 && n < 1048320; ++b) {
    print a, b; last = made++; ++n
    for (i = 0; i < 254 && n < 1048320; ++i) { print last, 97; last = made++; ++n }
  }
}' >"$work/huge.bpe"
# Under 100 MB the tokens cannot be spelled: refused before they are, by file and merge count.
"$expect_failure" 2 "^gradvec: error: $work/huge.bpe: a tokenizer of 1048320 merges needs [0-9.]+ GB but this process may use [0-9.]+ GB \(ulimit -v\); use one of fewer merges \(gradvec bpe train --vocab-size\)$" \
  bash -c 'ulimit -v 100000 && exec "$@"' limited \
  "$gradvec" bpe encode --tokenizer "$work/huge.bpe" <"$work/corpus.txt" || exit 1
# Under 300 MB they can, but not train's readable pieces of them, nor lm's tables of 2^20 tokens:
# both messages name the tokenizer.
"$expect_failure" 2 "^gradvec: error: out of memory: this process may use 0\.3 GB \(ulimit -v\); lower --dim, .*, or use a --tokenizer of fewer merges$" \
  bash -c 'ulimit -v 300000 && exec "$@"' limited \
  "$gradvec" train --corpus "$work/corpus.txt" --tokenizer "$work/huge.bpe" --output "$work/x.vec" || exit 1
"$expect_failure" 2 "^gradvec: error: lm train: the model and a step need [0-9.]+ GB but this process may use 0\.3 GB \(ulimit -v\); lower --dim, --layers, --context or --batch, or use a --tokenizer of fewer merges \(1048576 tokens\)$" \
  bash -c 'ulimit -v 300000 && exec "$@"' limited \
  "$gradvec" lm train --corpus "$work/corpus.txt" --tokenizer "$work/huge.bpe" --steps 1 --output "$work/x.lm" || exit 1
[[ -z $(ls "$work" | grep -v -e corpus.txt -e over.bpe -e huge.bpe) ]] || fail "files left behind: $(ls "$work")"
echo "ok: a tokenizer too large for memory is named in the advice"
