#!/usr/bin/env bash
# crafted_counts.sh GRADVEC CORPUS: word counts no corpus gives are refused where they are read,
# in one line naming the file and the field, exit 2, nothing written: counts adding up past 2^44
# tokens (io/count_limit.h) in a fastText .bin given to train --init, a checkpoint given
# to --resume or --init, and a vocabulary given to --read-vocab; and a .bin's count of 0. With a
# count of 2^62 every other word's share of the negatives rounded to 0 and the draw of a negative
# other than its centre never ended, whatever the signal; a count of 0 left a continued run's
# word without a row, and its values were copied outside the table.
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
source "$(dirname "$0")/file_bytes.sh"
head -n 3000 "$corpus" >"$work/corpus.txt"
small=(--corpus "$work/corpus.txt" --quiet --epochs 1 --threads 1)
"$gradvec" train "${small[@]}" --dim 8 --subwords --buckets 100 --output "$work/model.bin" \
  --output-format fasttext-bin --checkpoint "$work/run.ckpt" --save-vocab "$work/vocab.txt" \
  >/dev/null
read -r first first_count < <(sed -n 1p "$work/vocab.txt")
second=$(sed -n '2s/ .*//p' "$work/vocab.txt")

# refused PATTERN ARGS...: train ARGS refused in one line matching PATTERN, nothing written. Before
# the fix the 2^62 runs never ended: the timeout makes that a failure.
refused() {
  "$expect_failure" 2 "$1" timeout -s KILL 120 "$gradvec" train "${small[@]}" \
    --output "$work/refused.vec" "${@:2}" || fail "not refused as '$1': ${*:2}"
  [[ ! -e $work/refused.vec && ! -e $work/refused.vec.ckpt ]] || fail "a refused run wrote: ${*:2}"
}
bound='must be in \[1, 17592186044416\] \(counts add up to at most 2\^44 tokens; those before it to 0\)'

# A .bin's dictionary (fasttext_layout.h) starts at byte 92: each word, its NUL, its int64 count
# and a type byte.
cp "$work/model.bin" "$work/huge.bin"
put_int64 "$work/huge.bin" $((92 + ${#first} + 1)) $((1 << 62))
refused "^gradvec: error: $work/huge.bin: word index 0 \(\"$first\"\): count $bound, got 4611686018427387904$" \
  --init "$work/huge.bin"
cp "$work/model.bin" "$work/zero.bin"
put_int64 "$work/zero.bin" $((92 + ${#first} + 1 + 9 + ${#second} + 1)) 0
refused "^gradvec: error: $work/zero.bin: word index 1 \(\"$second\"\): count must be in \[1, [0-9]+\] .*, got 0$" \
  --init "$work/zero.bin"

# A checkpoint's prior tokens (byte 173, after the options and the corpus's size and
# fingerprint) made room for 2^62 more in the first word's count, which follows the vocabulary's
# size and the word's length and bytes.
cp "$work/run.ckpt" "$work/huge.ckpt"
put_int64 "$work/huge.ckpt" 173 $((1 << 62))
put_int64 "$work/huge.ckpt" $((189 + ${#first})) $((first_count + (1 << 62)))
checkpoint_refused="^gradvec: error: $work/huge.ckpt: not a valid gradvec checkpoint \(vocabulary count of word 0 $bound, got $((first_count + (1 << 62)))\)$"
refused "$checkpoint_refused" --resume "$work/huge.ckpt"
refused "$checkpoint_refused" --init "$work/huge.ckpt"

sed "1s/ .*/ $((1 << 62))/" "$work/vocab.txt" >"$work/huge.vocab"
refused "^gradvec: error: $work/huge.vocab:1: count $bound, got '4611686018427387904'$" \
  --read-vocab "$work/huge.vocab"

# The model and checkpoint as written still continue.
"$gradvec" train "${small[@]}" --init "$work/model.bin" --output "$work/continued.vec" >/dev/null
"$gradvec" train "${small[@]}" --init "$work/run.ckpt" --output "$work/continued.vec" >/dev/null
echo "ok: counts past 2^44 tokens, and a count of 0, refused where they are read"
