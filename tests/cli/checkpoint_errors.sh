#!/usr/bin/env bash
# checkpoint_errors.sh GRADVEC CORPUS: --resume refuses, in one line naming the checkpoint, a
# checkpoint whose fields were edited and a corpus other than its own, even one of the same size
# (rot13, the lines in another order). tests/word2vec/checkpoint_test.cpp edits every field; this
# checks the command line's exit status and single line for a few.
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
source "$(dirname "$0")/file_bytes.sh"
head -n 3000 "$corpus" >"$work/corpus.txt"
"$gradvec" train --corpus "$work/corpus.txt" --quiet --output "$work/v.vec" --epochs 1 --threads 1 \
  --dim 8 --checkpoint "$work/run.ckpt" >/dev/null

resume=("$gradvec" train --corpus "$work/corpus.txt" --quiet --output "$work/o.vec" --resume)
# The options follow the 8-byte magic and the 4-byte version, 8 bytes each: dim first, epochs
# sixth. The file ends with the one worker's loss sum (a double) and loss pair count: edited to
# a count that overflows when the workers' are added up, and a sum (1e308's bits) no run's pairs
# can reach.
size=$(stat -c %s "$work/run.ckpt")
for edit in "12 $((1 << 40)) dim must be in \[1, 65536\], got 1099511627776" \
  "12 $((1 << 62)) dim must be in \[1, 65536\], got 4611686018427387904" \
  "12 20 W_in's width must be 32 \(dim 20 rounded up to whole cache lines\), got 16" \
  "52 $((1 << 62)) epochs must be in \[1, [0-9]+\] \(2\^63 / the vocabulary's [0-9]+ words\)" \
  "$((size - 8)) $(((1 << 63) - 1)) worker 0 loss pairs must be in \[0, [0-9]+\]" \
  "$((size - 16)) $((0x7FE1CCF385EBC8A0)) worker 0 loss sum must be in \[0, [0-9.e+]+\]"; do
  read -r offset value message <<<"$edit"
  cp "$work/run.ckpt" "$work/bad.ckpt"
  put_int64 "$work/bad.ckpt" "$offset" "$value"
  "$expect_failure" 2 "^gradvec: error: .*bad.ckpt: not a valid gradvec checkpoint \($message" \
    "${resume[@]}" "$work/bad.ckpt"
done

tr a-zA-Z n-za-mN-ZA-M <"$work/corpus.txt" >"$work/rot13.txt"
tac "$work/corpus.txt" >"$work/reversed.txt"
for other in rot13.txt reversed.txt; do
  "$expect_failure" 2 "run.ckpt: was written for another corpus: .*$other has the same size \([0-9]+ bytes\) but other contents" \
    "$gradvec" train --corpus "$work/$other" --quiet --output "$work/o.vec" --resume "$work/run.ckpt"
done
[[ ! -e $work/o.vec ]] || { echo "FAIL: a refused resume wrote vectors"; exit 1; }
"${resume[@]}" "$work/run.ckpt" >/dev/null
echo "ok: edited fields and other corpora refused in one line, the checkpoint's own corpus resumes"
