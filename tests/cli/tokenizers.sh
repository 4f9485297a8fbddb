#!/usr/bin/env bash
# tokenizers.sh GRADVEC: --tokenizer whitespace keeps "Ham." and "U.S." as words, with their case
# unless --lowercase, where the default words tokenizer splits and lowercases them; train and
# phrases read the same tokens; a checkpoint keeps its tokenizer and case, and a resume with
# another is refused; --lowercase with --keep-case is refused.
set -uo pipefail
gradvec=$1
source "$(dirname "$0")/scratch.sh"
train=("$gradvec" train --epochs 1 --dim 8 --quiet --threads 1 --min-count 1)

for i in 1 2 3; do
  echo "Ham. met the U.S. envoy."
  echo "Ham. left the U.S. envoy."
done >"$work/corpus.txt"

"${train[@]}" --corpus "$work/corpus.txt" --output "$work/w.vec" --save-vocab "$work/words.txt" \
  >/dev/null || fail "training with the words tokenizer failed"
grep -qx "u 6" "$work/words.txt" && grep -qx "ham 6" "$work/words.txt" ||
  fail "the words tokenizer did not split U.S. and lowercase Ham.: $(tr '\n' ' ' <"$work/words.txt")"

"${train[@]}" --corpus "$work/corpus.txt" --tokenizer whitespace --output "$work/s.vec" \
  --save-vocab "$work/spaces.txt" --checkpoint "$work/s.ckpt" >/dev/null ||
  fail "training with the whitespace tokenizer failed"
expected=$'Ham. 6\nU.S. 6\nthe 6\nenvoy. 6\nleft 3\nmet 3'
[[ $(sort -k2,2nr -k1,1 "$work/spaces.txt") == "$(sort -k2,2nr -k1,1 <<<"$expected")" ]] ||
  fail "the whitespace tokenizer's vocabulary: $(tr '\n' ' ' <"$work/spaces.txt")"
echo "ok: --tokenizer whitespace keeps Ham. and U.S. whole and in their case"

"${train[@]}" --corpus "$work/corpus.txt" --tokenizer whitespace --lowercase \
  --output "$work/l.vec" --save-vocab "$work/lower.txt" >/dev/null || fail "--lowercase failed"
grep -qx "ham. 6" "$work/lower.txt" && grep -qx "u.s. 6" "$work/lower.txt" ||
  fail "--tokenizer whitespace --lowercase: $(tr '\n' ' ' <"$work/lower.txt")"
echo "ok: --tokenizer whitespace --lowercase lowercases and keeps the punctuation"

"$cli/expect_failure.sh" 2 "^gradvec: error: --lowercase and --keep-case contradict each other" \
  "${train[@]}" --corpus "$work/corpus.txt" --lowercase --keep-case --output "$work/x.vec" || exit 1
[[ ! -e $work/x.vec ]] || fail "a refused run wrote its output"

"$cli/expect_failure.sh" 2 "^gradvec: error: $work/s.ckpt: was trained with --tokenizer whitespace, not words; resume it with the checkpoint.s values or without these options" \
  "$gradvec" train --resume "$work/s.ckpt" --corpus "$work/corpus.txt" --tokenizer words \
  --output "$work/r.vec" --quiet || exit 1
"$cli/expect_failure.sh" 2 "^gradvec: error: $work/s.ckpt: was trained with --lowercase off, not on; resume it with the checkpoint.s values or without these options" \
  "$gradvec" train --resume "$work/s.ckpt" --corpus "$work/corpus.txt" --lowercase \
  --output "$work/r.vec" --quiet || exit 1
"$gradvec" train --resume "$work/s.ckpt" --corpus "$work/corpus.txt" --output "$work/r.vec" \
  --quiet >/dev/null || fail "resuming without --tokenizer failed"
grep -q "^U.S. " "$work/r.vec" || fail "the resumed run lost the checkpoint's tokenizer"
echo "ok: a checkpoint keeps its tokenizer and case; another is refused on resume"

"$gradvec" phrases --corpus "$work/corpus.txt" --tokenizer whitespace --min-count 1 \
  --threshold 0.1 --output "$work/phrases.txt" 2>/dev/null || fail "phrases --tokenizer whitespace failed"
# Every pair is a phrase at this threshold: a line is joined greedily from the left.
[[ $(head -1 "$work/phrases.txt") == "Ham._met the_U.S. envoy." ]] ||
  fail "phrases did not read Ham. and U.S. whole: $(head -1 "$work/phrases.txt")"
echo "ok: phrases --tokenizer whitespace joins Ham._met and the_U.S."
