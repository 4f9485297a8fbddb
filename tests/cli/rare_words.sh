#!/usr/bin/env bash
# rare_words.sh GRADVEC CORPUS
# A checkpoint keeps the counts of the words it gave no row, and train --init adds them to the
# new corpus's before --min-count: a word seen 3 times in each of two corpora (min-count 5)
# joins in the second run, in every output format, frozen or not; one seen 2 + 2 times waits in
# the second run's checkpoint for a third corpus; a vector file as the model brings no counts;
# a checkpoint cut inside the rare words is refused in one line.
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
tail=$'the zorblax came to the king\nthe zorblax spoke to the queen\nthe zorblax fled\n'
tail+=$'my quuxa lord\nmy quuxa lady\n'
{ head -n 3000 "$corpus"; printf '%s' "$tail"; } >"$work/a.txt"
{ sed -n 3001,6000p "$corpus"; printf '%s' "$tail"; } >"$work/b.txt"
{ sed -n 6001,8000p "$corpus"; echo "a quuxa at last"; } >"$work/c.txt"
run=(train --dim 16 --threads 1 --epochs 1 --min-count 5 --quiet)
has() { grep -q "^$1 " "$2"; }  # has WORD VECFILE

"$gradvec" "${run[@]}" --corpus "$work/a.txt" --output "$work/a.vec" --checkpoint "$work/a.ckpt" \
  >/dev/null 2>&1
! has zorblax "$work/a.vec" || fail "zorblax (3 times) has a row at --min-count 5"
"$gradvec" "${run[@]}" --init "$work/a.ckpt" --corpus "$work/b.txt" --output "$work/b.vec" \
  --checkpoint "$work/b.ckpt" >/dev/null 2>&1
has zorblax "$work/b.vec" || fail "zorblax (3 + 3 times) did not join the continued model"
! has quuxa "$work/b.vec" || fail "quuxa (2 + 2 times) joined at --min-count 5"
"$gradvec" "${run[@]}" --init "$work/b.ckpt" --corpus "$work/c.txt" --output "$work/c.vec" \
  >/dev/null 2>&1
has quuxa "$work/c.vec" || fail "quuxa (2 + 2 + 1 times) did not join the third run"

# Frozen, and written as a fastText .bin: zorblax is there, a trained new word.
"$gradvec" "${run[@]}" --init "$work/a.ckpt" --corpus "$work/b.txt" --freeze-known \
  --output "$work/frozen.bin" --output-format fasttext-bin >/dev/null 2>&1
"$gradvec" "${run[@]}" --init "$work/frozen.bin" --corpus "$work/c.txt" \
  --output "$work/from-bin.vec" >/dev/null 2>&1
has zorblax "$work/from-bin.vec" || fail "zorblax is not in the frozen run's .bin"
# A vector file has no rare words: zorblax (3 times in b) stays out.
"$gradvec" "${run[@]}" --init "$work/a.vec" --corpus "$work/b.txt" --output "$work/from-vec.vec" \
  >/dev/null 2>&1
! has zorblax "$work/from-vec.vec" || fail "zorblax joined a model from a vector file"

# Cut inside the rare words (quuxa's bytes): one line naming the checkpoint.
offset=$(grep -obUa quuxa "$work/b.ckpt" | head -n 1 | cut -d: -f1)
head -c $((offset + 2)) "$work/b.ckpt" >"$work/cut.ckpt"
"$expect_failure" 2 "^gradvec: error: $work/cut.ckpt: not a valid gradvec checkpoint \(truncated" \
  "$gradvec" "${run[@]}" --init "$work/cut.ckpt" --corpus "$work/c.txt" \
  --output "$work/cut.vec" >/dev/null || fail "a checkpoint cut in its rare words was not refused"
[[ ! -e $work/cut.vec ]] || fail "vectors written from a cut checkpoint"
echo "ok: rare words carried across continued runs join at --min-count"
