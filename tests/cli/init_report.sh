#!/usr/bin/env bash
# init_report.sh GRADVEC CORPUS: a run continued from a model (train --init) reports this corpus:
# its header's tokens are the corpus's (no more than a fresh run over every word of it counts),
# not with a checkpoint's counts added in; a line says how many of the vocabulary's words are new to the
# model (the words of the output that the model lacks); and when the model holds words the
# tokenizer never produces (vectors that keep case and punctuation, as word2vec.c's do, under
# --tokenizer words) a warning counts them (those that are no lowercase word), gives one and
# names --tokenizer whitespace, which reads them all; under that tokenizer there is no warning.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
head -n 3000 "$corpus" >"$work/model.txt"
sed -n '3001,4000p' "$corpus" >"$work/more.txt"
run=(--epochs 1 --dim 8 --threads 1)
"$gradvec" train "${run[@]}" --quiet --corpus "$work/model.txt" --tokenizer whitespace \
  --output "$work/model.vec" --checkpoint "$work/model.ckpt" >/dev/null || fail "training the model failed"
header_tokens() { sed -n 's/^.*: [0-9]* words in vocabulary, \([0-9]*\) tokens,.*$/\1/p' "$1"; }

"$gradvec" train "${run[@]}" --corpus "$work/more.txt" --init "$work/model.vec" \
  --output "$work/continued.vec" >/dev/null 2>"$work/err.txt" || fail "--init failed: $(cat "$work/err.txt")"
"$gradvec" train "${run[@]}" --corpus "$work/more.txt" --min-count 1 --tokenizer whitespace \
  --output "$work/fresh.vec" \
  >/dev/null 2>"$work/fresh.txt" || fail "a fresh run failed"
all=$(header_tokens "$work/fresh.txt")
# A checkpoint holds the model's counts, which the vocabulary's add to the corpus's.
for model in model.vec model.ckpt; do
  "$gradvec" train "${run[@]}" --corpus "$work/more.txt" --init "$work/$model" \
    --tokenizer whitespace --output "$work/tokens.vec" >/dev/null 2>"$work/tokens.txt" ||
    fail "--init $model failed: $(cat "$work/tokens.txt")"
  tokens=$(header_tokens "$work/tokens.txt")
  [[ -n $tokens && -n $all ]] || fail "no header: $(cat "$work/tokens.txt")"
  ((tokens <= all)) || fail "--init $model: the header counts $tokens tokens, the corpus holds $all"
done

words_of() { tail -n +2 "$1" | cut -d' ' -f1 | sort; }
new=$(comm -13 <(words_of "$work/model.vec") <(words_of "$work/continued.vec") | wc -l)
model_words=$(words_of "$work/model.vec" | wc -l)
grep -qx "$work/more.txt: $new words new to $work/model.vec, $model_words of the vocabulary's [0-9]* from it" \
  "$work/err.txt" || fail "no line of $new new words: $(cat "$work/err.txt")"
echo "ok: --init's header counts this corpus's tokens and the words new to the model"

unreachable=$(words_of "$work/model.vec" | grep -cvE "^[a-z0-9]+(['_][a-z0-9]+)*$")
((unreachable > 0)) || fail "the model has no word --tokenizer words cannot produce"
grep -qE "^warning: $unreachable of $work/model.vec's $model_words words \(e\.g\. '[^']+'\) cannot come out of --tokenizer words, so this run never trains them; --tokenizer whitespace reads them as the model has them$" \
  "$work/err.txt" || fail "no warning of $unreachable unreachable words: $(cat "$work/err.txt")"
"$gradvec" train "${run[@]}" --corpus "$work/more.txt" --init "$work/model.vec" \
  --tokenizer whitespace --output "$work/whitespace.vec" >/dev/null 2>"$work/err.txt" ||
  fail "--init with --tokenizer whitespace failed"
! grep -q "^warning" "$work/err.txt" || fail "a warning under whitespace: $(cat "$work/err.txt")"
echo "ok: --init warns of the model's words the tokenizer never produces, naming the one that does"
