#!/usr/bin/env bash
# bpe_crlf.sh GRADVEC CORPUS: train --tokenizer FILE reads a corpus with CRLF line ends as its LF
# copy: the same vocabulary, no \x0d token, and at one thread the same vectors byte for byte;
# bpe encode and decode still give back every byte of it, \r included.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"

head -n 3000 "$corpus" >"$work/lf.txt"
sed 's/$/\r/' "$work/lf.txt" >"$work/crlf.txt"
(($(wc -c <"$work/crlf.txt") == $(wc -c <"$work/lf.txt") + 3000)) || fail "no CRLF copy made"
"$gradvec" bpe train --corpus "$work/lf.txt" --vocab-size 400 --output "$work/tok.bpe" \
  2>/dev/null || fail "bpe train failed"
for copy in lf crlf; do
  "$gradvec" train --corpus "$work/$copy.txt" --tokenizer "$work/tok.bpe" --dim 16 --epochs 2 \
    --threads 1 --seed 1 --min-count 1 --save-vocab "$work/$copy.vocab" --output "$work/$copy.vec" \
    --quiet >/dev/null || fail "train over $copy.txt failed"
done
grep -q '^\\x0d ' "$work/crlf.vocab" && fail "the CRLF copy has a \\x0d token"
cmp "$work/lf.vocab" "$work/crlf.vocab" || fail "the CRLF copy's vocabulary differs"
cmp "$work/lf.vec" "$work/crlf.vec" || fail "the CRLF copy's vectors differ"
echo "ok: a CRLF corpus trains the vectors of its LF copy"

"$gradvec" bpe encode --tokenizer "$work/tok.bpe" <"$work/crlf.txt" >"$work/ids.txt" ||
  fail "bpe encode failed"
"$gradvec" bpe decode --tokenizer "$work/tok.bpe" <"$work/ids.txt" | cmp - "$work/crlf.txt" ||
  fail "bpe encode | decode lost bytes of the CRLF copy"
echo "ok: bpe encode and decode keep its \\r bytes"
