#!/usr/bin/env bash
# query_messages.sh GRADVEC FOUR_WORDS_CORPUS: what the query commands say about words they lack.
#   - a word past --limit is said to be there, with its place in the file (nearest, analogy,
#     vector); from standard input, which cannot be read twice, that it was not among those read;
#   - vector, on a fastText model, says on stderr which words outside the vocabulary were built
#     from n-grams and which had none (printed as zeros, as fastText does), exit status 0.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"

printf '4 2\nking 1 0\nqueen 0.6 0.8\nman 0 1\nyork 1 1\n' >"$work/v.vec"
past="^gradvec: error: \"york\" is past --limit 2: it is word 4 of .*/v.vec$"
"$cli/expect_failure.sh" 2 "$past" "$gradvec" nearest --vectors "$work/v.vec" --limit 2 york || exit 1
"$cli/expect_failure.sh" 2 "$past" "$gradvec" analogy --vectors "$work/v.vec" --limit 2 king queen york || exit 1
"$cli/expect_failure.sh" 2 "$past" "$gradvec" vector --vectors "$work/v.vec" --limit 2 king york || exit 1
# Its case variant's place, as the query would have used it.
"$cli/expect_failure.sh" 2 "^gradvec: error: \"YORK\" is past --limit 2: it is word 4 of" \
  "$gradvec" nearest --vectors "$work/v.vec" --limit 2 YORK || exit 1
"$cli/expect_failure.sh" 2 '^gradvec: error: "york" is not among the first 2 words read \(--limit 2\)$' \
  bash -c '"$0" nearest --vectors - --limit 2 york <"$1"' "$gradvec" "$work/v.vec" || exit 1
# Not in the whole file either: unknown, as without --limit.
"$cli/expect_failure.sh" 2 '^gradvec: error: "paris" not in vocabulary$' \
  "$gradvec" nearest --vectors "$work/v.vec" --limit 2 paris || exit 1

for maxn in 0 6; do
  "$gradvec" train --corpus "$corpus" --min-count 1 --dim 4 --epochs 1 --subwords --maxn "$maxn" \
    --buckets 100 --output-format fasttext-bin --output "$work/model.bin" --quiet >/dev/null || fail "train"
  out=$("$gradvec" vector --vectors "$work/model.bin" a zzz 2>"$work/err") || fail "vector exited $?"
  [[ $(grep -c . <<<"$out") -eq 2 && $(grep -c . "$work/err") -eq 1 ]] || fail "vector printed '$out'"
  if ((maxn == 0)); then
    [[ $out == *$'\nzzz 0 0 0 0' ]] || fail "vector without n-grams printed '$out'"
    [[ $(cat "$work/err") == 'gradvec: note: "zzz" is not in the vocabulary and has no n-grams in this model: printed as zeros' ]] ||
      fail "vector without n-grams said '$(cat "$work/err")'"
  else
    [[ $(cat "$work/err") == 'gradvec: note: "zzz" is not in the vocabulary: its vector is the mean of its n-grams' ]] ||
      fail "vector with n-grams said '$(cat "$work/err")'"
  fi
done
echo "ok: vector notes words outside a fastText model's vocabulary"
