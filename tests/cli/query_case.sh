#!/usr/bin/env bash
# query_case.sh GRADVEC: a query word the vocabulary has only in another ASCII case.
#   - nearest, analogy, repl and vector use its case variant and say so in one stderr line;
#   - with several variants and none exact, the first in the file is used, and the note lists all;
#   - an unknown word's spelling hints ignore case.
set -uo pipefail
gradvec=$1
source "$(dirname "$0")/scratch.sh"
# king's neighbours by cosine: queen (0.6 / sqrt(0.36 + 0.64) = 0.6), then man (0).
printf '4 2\nking 1 0\nqueen 0.6 0.8\nman 0 1\nKing -1 0\n' >"$work/v.vec"

out=$("$gradvec" nearest --vectors "$work/v.vec" --k 1 KING 2>"$work/err") || fail "nearest KING exited $?"
[[ $out == $'nearest to king:\nqueen\t0.600000' ]] || fail "nearest KING printed '$out'"
[[ $(cat "$work/err") == "gradvec: note: KING: using king, the first in the file of king, King" ]] ||
  fail "nearest KING said '$(cat "$work/err")'"
out=$("$gradvec" nearest --vectors "$work/v.vec" --k 1 QUEEN 2>"$work/err") || fail "nearest QUEEN exited $?"
[[ $out == $'nearest to queen:\nman\t0.800000' ]] || fail "nearest QUEEN printed '$out'"
[[ $(cat "$work/err") == "gradvec: note: QUEEN: using queen" ]] || fail "nearest QUEEN said '$(cat "$work/err")'"
# An exact match wins over its case variants.
out=$("$gradvec" nearest --vectors "$work/v.vec" --k 1 King 2>"$work/err") || fail "nearest King exited $?"
[[ $out == $'nearest to King:\nman\t0.000000' && ! -s $work/err ]] || fail "nearest King printed '$out'"
echo "ok: nearest"

# man : queen :: king : ?: man, queen and king are the query, so King is the one candidate left.
out=$("$gradvec" analogy --vectors "$work/v.vec" --k 1 MAN Queen KING 2>"$work/err") || fail "analogy exited $?"
[[ $out == King$'\t'* ]] || fail "analogy printed '$out'"
[[ $(grep -c . "$work/err") -eq 3 && $(head -1 "$work/err") == "gradvec: note: MAN: using man" ]] ||
  fail "analogy said '$(cat "$work/err")'"
echo "ok: analogy"

out=$(printf 'QUEEN\n' | "$gradvec" repl --vectors "$work/v.vec" --k 1 2>"$work/err") || fail "repl exited $?"
[[ $out == $'man\t0.800000' ]] || fail "repl printed '$out'"
[[ $(cat "$work/err") == "gradvec: note: QUEEN: using queen" ]] || fail "repl said '$(cat "$work/err")'"
echo "ok: repl"

out=$("$gradvec" vector --vectors "$work/v.vec" QUEEN man 2>"$work/err") || fail "vector exited $?"
[[ $out == $'queen 0.6 0.8\nman 0 1' ]] || fail "vector printed '$out'"
[[ $(cat "$work/err") == "gradvec: note: QUEEN: using queen" ]] || fail "vector said '$(cat "$work/err")'"
out=$(echo MAN | "$gradvec" vector --vectors "$work/v.vec" 2>"$work/err") || fail "vector from stdin exited $?"
[[ $out == "man 0 1" && $(cat "$work/err") == "gradvec: note: MAN: using man" ]] ||
  fail "vector from stdin printed '$out'"
echo "ok: vector"

"$cli/expect_failure.sh" 2 '"QUEENS" not in vocabulary \(did you mean: "queen"\?\)' \
  "$gradvec" nearest --vectors "$work/v.vec" QUEENS || exit 1
