#!/usr/bin/env bash
# non_finite_inputs.sh GRADVEC: a NaN or an infinity in a model is refused as it loads, in one
# line naming the file and the row, exit 2, nothing written: in a checkpoint's W_in given to
# --resume or --init, in a fastText .bin's bucket rows and output matrix given to --init (rows
# the word vectors never read, so that `gradvec info` never sees them), and in a vector file
# given to --init. A checkpoint holding one was trained on until its vectors could not be
# written, and the checkpoint kept then failed the same way when resumed.
set -euo pipefail
gradvec=$1
source "$(dirname "$0")/scratch.sh"
source "$(dirname "$0")/file_bytes.sh"
# Six words, so that the tables' offsets are quick to find.
for ((i = 0; i < 300; i++)); do echo "the king and the queen of the land"; done >"$work/corpus.txt"
small=(--corpus "$work/corpus.txt" --quiet --epochs 1 --threads 1 --min-count 1)
"$gradvec" train "${small[@]}" --dim 8 --subwords --buckets 20 --output "$work/model.bin" \
  --output-format fasttext-bin --checkpoint "$work/run.ckpt" --save-vocab "$work/vocab.txt" \
  >/dev/null
mapfile -t words < <(cut -d' ' -f1 "$work/vocab.txt")
((${#words[@]} == 6)) || fail "expected 6 words, got ${#words[@]}"
nan='\x00\x00\xc0\x7f' inf='\x00\x00\x80\x7f'

refused() {  # refused PATTERN ARGS...: train ARGS refused in one line matching PATTERN
  "$expect_failure" 2 "$1" "$gradvec" train "${small[@]}" --output "$work/refused.vec" "${@:2}" ||
    fail "not refused as '$1': ${*:2}"
  [[ ! -e $work/refused.vec && ! -e $work/refused.vec.ckpt ]] || fail "a refused run wrote: ${*:2}"
}

# A checkpoint's vocabulary entries start at byte 185 (uint32 length, the word, int64 count); then
# the rare words' count, and W_in: its rank, two dims, then rows of 16 floats (dim 8 padded).
at=185
for word in "${words[@]}"; do at=$((at + 4 + ${#word} + 8)); done
w_in=$((at + 4 + 4 + 16))
cp "$work/run.ckpt" "$work/nan.ckpt"
put_bytes "$work/nan.ckpt" $((w_in + (2 * 16 + 3) * 4)) "$nan"
checkpoint_refused="^gradvec: error: $work/nan.ckpt: not a valid gradvec checkpoint \(W_in row 2: value 4 is NaN or infinite\)$"
refused "$checkpoint_refused" --resume "$work/nan.ckpt"
refused "$checkpoint_refused" --init "$work/nan.ckpt"

# A .bin's dictionary starts at byte 92 (each word, its NUL, its int64 count, a type byte); then
# the input matrix (a flag byte, two int64 dims, the 6 word rows and 20 bucket rows of 8 floats)
# and the output matrix (the same header, 6 rows).
at=92
for word in "${words[@]}"; do at=$((at + ${#word} + 1 + 9)); done
input=$((at + 17))
output=$((input + (6 + 20) * 8 * 4 + 17))
# Bucket 19 as the .bin writes it: a bucket no word of these has, which no word vector reads.
cp "$work/model.bin" "$work/bucket.bin"
put_bytes "$work/bucket.bin" $((input + ((6 + 19) * 8 + 7) * 4)) "$inf"
refused "^gradvec: error: $work/bucket.bin: input matrix row 25 \(bucket 19\): value 8 is NaN or infinite$" \
  --init "$work/bucket.bin"
cp "$work/model.bin" "$work/output.bin"
put_bytes "$work/output.bin" $((output + (1 * 8) * 4)) "$nan"
refused "^gradvec: error: $work/output.bin: output matrix row 1 \(word '${words[1]}'\): value 1 is NaN or infinite$" \
  --init "$work/output.bin"

# A vector file, text or binary.
"$gradvec" train "${small[@]}" --dim 8 --output "$work/model.vec" >/dev/null
sed '3s/ [^ ]*$/ nan/' "$work/model.vec" >"$work/nan.vec"
refused "^gradvec: error: $work/nan.vec:3: .*NaN and infinity are not allowed" --init "$work/nan.vec"

# Unedited, each continues.
for model in run.ckpt model.bin model.vec; do
  "$gradvec" train "${small[@]}" --init "$work/$model" --output "$work/continued.vec" >/dev/null
done
echo "ok: a NaN or an infinity in a model is refused as it loads, naming the file and the row"
