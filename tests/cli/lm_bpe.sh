#!/usr/bin/env bash
# lm_bpe.sh GRADVEC CORPUS: the transformer over BPE tokens end to end: bpe train, lm train
# --tokenizer (its loss in nats per token and per character), lm sample and lm eval with the
# tokenizer the model keeps (its file gone), --resume over the same tokens only, and a damaged
# tokenizer refused in one line with nothing written.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
head -c 20000 "$corpus" >"$work/corpus.txt"
"$gradvec" bpe train --corpus "$work/corpus.txt" --vocab-size 320 --output "$work/tok.bpe" \
  2>/dev/null || fail "bpe train failed"
tiny=(--corpus "$work/corpus.txt" --layers 1 --heads 2 --dim 16 --context 16 --batch 4 --steps 10
  --threads 2)

"$gradvec" lm train "${tiny[@]}" --tokenizer "$work/tok.bpe" --output "$work/bpe.lm" \
  >"$work/out.txt" 2>&1 || fail "lm train --tokenizer failed: $(cat "$work/out.txt")"
grep -Eq "^.*corpus.txt: 320 BPE tokens, [0-9]+ for training, [0-9]+ for validation \|" \
  "$work/out.txt" || fail "train's header: $(cat "$work/out.txt")"
line='^validation loss [0-9]+\.[0-9]{4} nats per token, [0-9]+\.[0-9]{4} nats per character \(context 16\)$'
tail -n 1 "$work/out.txt" | grep -Eq "$line" || fail "train's last line: $(tail -n 1 "$work/out.txt")"
# The merges make tokens of more than one character on average, each carrying their nats.
read -r per_token per_char < <(tail -n 1 "$work/out.txt" | awk '{print $3, $7}')
awk -v t="$per_token" -v c="$per_char" 'BEGIN { exit !(t > 1.2 * c) }' ||
  fail "per token $per_token is not above per character $per_char"
echo "ok: lm train over 320 BPE tokens reports both units"

# The model keeps its tokenizer: sample and eval work once the file is gone.
rm "$work/tok.bpe"
"$gradvec" lm sample --lm "$work/bpe.lm" --length 30 --seed 3 --prompt "First Citizen:" \
  >"$work/sample.txt" || fail "lm sample failed"
[[ $(head -c 14 "$work/sample.txt") == "First Citizen:" ]] || fail "sample: $(cat "$work/sample.txt")"
# 30 tokens of a few characters each, decoded to text.
(($(wc -c <"$work/sample.txt") > 14 + 30)) || fail "sample too short: $(cat "$work/sample.txt")"
"$gradvec" lm eval --lm "$work/bpe.lm" --corpus "$work/corpus.txt" --threads 2 >"$work/eval.txt" ||
  fail "lm eval failed"
[[ $(cat "$work/eval.txt") == "$(tail -n 1 "$work/out.txt")" ]] ||
  fail "eval differs from train's last line: $(cat "$work/eval.txt")"
echo "ok: lm sample and lm eval read the tokenizer from the model"

# --resume continues over the checkpoint's tokens: another tokenizer is refused.
"$gradvec" bpe train --corpus "$work/corpus.txt" --vocab-size 300 --output "$work/other.bpe" \
  2>/dev/null || fail "bpe train failed"
"$expect_failure" 2 "^gradvec: error: --tokenizer .*other.bpe: .*bpe.lm was trained over 320 BPE tokens of another tokenizer; give its own --tokenizer, or none$" \
  "$gradvec" lm train --corpus "$work/corpus.txt" --resume "$work/bpe.lm" --tokenizer "$work/other.bpe" \
  --output "$work/x.lm" || exit 1
"$expect_failure" 2 "^gradvec: error: --tokenizer chars: .*bpe.lm was trained over 320 BPE tokens; give its own --tokenizer, or none$" \
  "$gradvec" lm train --corpus "$work/corpus.txt" --resume "$work/bpe.lm" --tokenizer chars \
  --output "$work/x.lm" || exit 1
"$gradvec" lm train "${tiny[@]}" --quiet --output "$work/chars.lm" >/dev/null ||
  fail "lm train over characters failed"
"$expect_failure" 2 "^gradvec: error: --tokenizer .*other.bpe: .*chars.lm was trained over [0-9]+ characters; give its own --tokenizer, or none$" \
  "$gradvec" lm train --corpus "$work/corpus.txt" --resume "$work/chars.lm" --tokenizer "$work/other.bpe" \
  --output "$work/x.lm" || exit 1
"$gradvec" lm train --corpus "$work/corpus.txt" --resume "$work/bpe.lm" --output "$work/x.lm" \
  >/dev/null 2>&1 || fail "--resume without --tokenizer failed"
# The same merges learned again are the same tokenizer.
"$gradvec" bpe train --corpus "$work/corpus.txt" --vocab-size 320 --output "$work/again.bpe" \
  2>/dev/null || fail "bpe train failed"
"$gradvec" lm train --corpus "$work/corpus.txt" --resume "$work/bpe.lm" --tokenizer "$work/again.bpe" \
  --output "$work/x.lm" >/dev/null 2>&1 || fail "--resume with its own --tokenizer failed"
echo "ok: --resume continues over the checkpoint's tokens only"

# A damaged tokenizer is refused in one line naming it, before anything is written.
printf 'gradvec-bpe 1\nmerges 1\n97 300\n' >"$work/bad.bpe"
"$expect_failure" 2 "^gradvec: error: .*bad.bpe: line 3: merge 0 joins token 300, not made before it" \
  "$gradvec" lm train "${tiny[@]}" --tokenizer "$work/bad.bpe" --output "$work/y.lm" || exit 1
"$expect_failure" 2 "^gradvec: error: .*missing.bpe: BPE file not found" \
  "$gradvec" lm train "${tiny[@]}" --tokenizer "$work/missing.bpe" --output "$work/y.lm" || exit 1
[[ ! -e $work/y.lm ]] || fail "a refused run wrote its output"
echo "ok: a damaged or missing tokenizer is refused"
