#!/usr/bin/env bash
# lm_checkpoints.sh GRADVEC CORPUS: `lm train` that diverges stops with one line naming --lr and
# writes no model; a model holding a NaN is refused by `lm sample`, `lm eval` and `lm train
# --resume`, naming the file and the row, and so is one whose optimizer state holds an infinity;
# and --resume refuses a corpus of the same size with other bytes.
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
source "$(dirname "$0")/file_bytes.sh"
head -c 20000 "$corpus" >"$work/corpus.txt"
tiny=(--corpus "$work/corpus.txt" --layers 1 --heads 2 --dim 16 --context 16 --batch 4 --threads 1
  --quiet)

"$expect_failure" 2 "lm train: training diverged at step [0-9]+ of 3: .*; lower --lr \(it is 1e\+30\)" \
  "$gradvec" lm train "${tiny[@]}" --steps 3 --lr 1e30 --output "$work/nan.lm"
[[ $(ls "$work") == corpus.txt ]] || fail "a diverged run left files: $(ls "$work")"

"$gradvec" lm train "${tiny[@]}" --steps 4 --output "$work/good.lm" >/dev/null
# The same size, other bytes.
tr a b <"$work/corpus.txt" >"$work/tr.txt"
"$expect_failure" 2 "good.lm: was written for another corpus: .*tr.txt has the same size \(20000 bytes\) but other contents" \
  "$gradvec" lm train --corpus "$work/tr.txt" --resume "$work/good.lm" --output "$work/x.lm"

# The parameters' floats follow the magic and version (12 bytes), the vocabulary's kind (1), the
# symbols, the model (34), the options (52), the progress (73), and the parameters' count and
# shapes (each a uint32 rank and its int64 sizes). The first float becomes a NaN.
at=$((13 + 4 + $(u32 "$work/good.lm" 13) + 34 + 52 + 73))
shapes=$(u32 "$work/good.lm" "$at")
at=$((at + 4))
floats=0
for ((i = 0; i < shapes; i++)); do
  rank=$(u32 "$work/good.lm" "$at") numel=1
  for ((d = 0; d < rank; d++)); do numel=$((numel * $(i64 "$work/good.lm" $((at + 4 + 8 * d))))); done
  at=$((at + 4 + 8 * rank)) floats=$((floats + numel))
done
cp "$work/good.lm" "$work/nan.lm"
put_bytes "$work/nan.lm" "$at" '\x00\x00\xc0\x7f'
refused="nan.lm: not a valid gradvec language-model checkpoint \(parameter 0 row 0: value 1 is NaN or infinite\)"
"$expect_failure" 2 "$refused" "$gradvec" lm sample --lm "$work/nan.lm"
"$expect_failure" 2 "$refused" \
  "$gradvec" lm eval --lm "$work/nan.lm" --corpus "$work/corpus.txt"
"$expect_failure" 2 "$refused" \
  "$gradvec" lm train --corpus "$work/corpus.txt" --resume "$work/nan.lm" --output "$work/x.lm"
# The optimizers' states follow the floats: their count, then the first one's tensor count and
# its first tensor (AdamW's first moments), a rank and sizes before its floats. An infinity there
# was read, and the resumed run's first step called it a divergence and blamed --lr.
at=$((at + 4 * floats + 4 + 4))
at=$((at + 4 + 8 * $(u32 "$work/good.lm" "$at")))
cp "$work/good.lm" "$work/adam.lm"
put_bytes "$work/adam.lm" "$at" '\x00\x00\x80\x7f'
"$expect_failure" 2 "adam.lm: not a valid gradvec language-model checkpoint \(optimizer 0 state 0 row 0: value 1 is NaN or infinite\)$" \
  "$gradvec" lm train --corpus "$work/corpus.txt" --resume "$work/adam.lm" --output "$work/x.lm"
[[ ! -e $work/x.lm ]] || fail "a refused run wrote its output"
echo "ok: lm stops on divergence and refuses NaN models and same-size corpora"
