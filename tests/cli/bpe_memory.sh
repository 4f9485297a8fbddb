#!/usr/bin/env bash
# bpe_memory.sh GRADVEC CORPUS: bpe encode and bpe train hold a read block and the pre-token being
# read, not the line: a 28 MB line is encoded and learned from under a 100 MB address-space limit
# (the binary runs in about 20 MB; reading whole lines took ten times the line), giving the same
# ids and merges as the same text read in short lines. Needs a build without sanitizers (they
# reserve terabytes of address space).
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
limited=(bash -c 'ulimit -v 100000 && exec "$@"' limited)

head -c 100000 "$corpus" >"$work/small.txt"
"$gradvec" bpe train --corpus "$work/small.txt" --vocab-size 600 --output "$work/tok.bpe" \
  2>/dev/null || fail "bpe train on a small corpus failed"

# A unit whose pieces, repeated, are its own pieces again and again: it starts with a space before
# a letter (which begins a piece whatever precedes it) and ends with punctuation (whose run the
# next space ends), so the pre-tokenizer cuts " Hello", " world", "'s", " ", " 42", " café", ",",
# "\t", "!" from each copy, and a \n after the last one is a piece of its own (token 10). Its 27
# bytes, an odd length, put the ends of 1 MiB read blocks at every offset of it: the contraction,
# each run and the double space are cut everywhere.
printf '%b' " Hello world's  42 caf\xc3\xa9,\t!" >"$work/line.txt"
for _ in $(seq 20); do cat "$work/line.txt" "$work/line.txt" >"$work/double" && mv "$work/double" "$work/line.txt"; done
copies=$((1 << 20))
# The unit alone on a line: its ids, then 10.
unit_ids=$({ head -c 27 "$work/line.txt" && echo; } | "$gradvec" bpe encode --tokenizer "$work/tok.bpe") ||
  fail "bpe encode of one copy failed"
[[ $unit_ids == *" 10" ]] || fail "one copy and its newline: $unit_ids"
printf '\n' >>"$work/line.txt"

"${limited[@]}" "$gradvec" bpe encode --tokenizer "$work/tok.bpe" <"$work/line.txt" >"$work/ids.txt" \
  2>"$work/err" || fail "bpe encode of a 28 MB line under ulimit -v 100000: $(cat "$work/err")"
{
  yes "${unit_ids% 10}" | head -n "$copies" | tr '\n' ' '
  printf '10\n'
} | cmp - "$work/ids.txt" || fail "the long line's ids are not the unit's ids $copies times, then 10"
echo "ok: a 28 MB line is encoded in 100 MB, as its copies are"

# The same copies one a line: the same pair counts (a \n alone holds no pair), so the same merges.
yes "$(head -c 27 "$work/line.txt")" | head -n "$copies" >"$work/lines.txt"
"$gradvec" bpe train --corpus "$work/lines.txt" --vocab-size 600 --output "$work/lines.bpe" \
  2>/dev/null || fail "bpe train on the copies one a line failed"
"${limited[@]}" "$gradvec" bpe train --corpus "$work/line.txt" --vocab-size 600 \
  --output "$work/line.bpe" 2>"$work/err" ||
  fail "bpe train on a 28 MB line under ulimit -v 100000: $(cat "$work/err")"
cmp "$work/lines.bpe" "$work/line.bpe" || fail "one line and its copies one a line learn other merges"
echo "ok: bpe train learns from a 28 MB line in 100 MB what it learns from its copies one a line"
