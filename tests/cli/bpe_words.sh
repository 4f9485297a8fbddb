#!/usr/bin/env bash
# bpe_words.sh GRADVEC CORPUS: train --tokenizer FILE trains skip-gram and CBOW, with negative
# sampling and the hierarchical softmax, over a BPE file's tokens: the vector file's words are the
# tokens' readable pieces (a leading space as U+2581), nearest finds "▁the" for "the" and says so;
# a typo among the words is named with word-start pieces ("▁the"), the others answered;
# a resumed run keeps the tokenizer and one with another tokenizer is refused; a bad --tokenizer,
# --lowercase with one, and phrases with one are refused in one line with nothing written.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
mark=$'\xe2\x96\x81'  # U+2581 as its UTF-8 bytes: $'\u2581' needs a UTF-8 locale

head -c 200000 "$corpus" >"$work/corpus.txt"
"$gradvec" bpe train --corpus "$work/corpus.txt" --vocab-size 600 --output "$work/tok.bpe" \
  2>/dev/null || fail "bpe train failed"
"$gradvec" bpe train --corpus "$work/corpus.txt" --vocab-size 700 --output "$work/other.bpe" \
  2>/dev/null || fail "bpe train failed"

for model in skipgram cbow; do
  for loss in sgns hs; do
    "$gradvec" train --corpus "$work/corpus.txt" --tokenizer "$work/tok.bpe" --model $model \
      --loss $loss --dim 16 --epochs 1 --threads 2 --output "$work/$model-$loss.vec" --quiet >/dev/null ||
      fail "train --model $model --loss $loss over BPE tokens failed"
    # "the" inside a line is the token " the"; its piece is a word of the vector file.
    grep -q "^${mark}the " "$work/$model-$loss.vec" ||
      fail "$model $loss: no ${mark}the in the vectors: $(cut -d' ' -f1 "$work/$model-$loss.vec" | head)"
    # Every token BPE gives is a word; the words tokenizer drops ':' and never yields ' '.
    grep -q "^: " "$work/$model-$loss.vec" || fail "$model $loss: the token ':' is not a word"
  done
done
echo "ok: skip-gram and CBOW with negative sampling and hs train over BPE pieces"

"$gradvec" nearest --vectors "$work/skipgram-sgns.vec" the >"$work/nearest.txt" 2>"$work/note.txt" ||
  fail "nearest failed: $(cat "$work/note.txt")"
[[ $(cat "$work/note.txt") == "gradvec: note: the: using ${mark}the" ]] ||
  fail "nearest's note: $(cat "$work/note.txt")"
[[ $(head -1 "$work/nearest.txt") == "nearest to ${mark}the:" ]] ||
  fail "nearest's header: $(head -1 "$work/nearest.txt")"
grep -q "^${mark}" <(tail -n +2 "$work/nearest.txt") ||
  fail "no neighbour of ${mark}the is a piece after a space: $(cat "$work/nearest.txt")"
echo "ok: nearest takes 'the' as ${mark}the, says so, and shows pieces"
# A typo among the words: the others are answered, the typo is named on stderr with word-start
# pieces (the ones a word is looked up as), and the run ends with status 2.
"$gradvec" nearest --vectors "$work/skipgram-sgns.vec" --k 3 the thhe and >"$work/nearest.txt" \
  2>"$work/err.txt"
status=$?
((status == 2)) || fail "nearest with a typo exited $status"
[[ $(grep -c '^nearest to ' "$work/nearest.txt") == 2 ]] ||
  fail "nearest did not answer the other words: $(cat "$work/nearest.txt")"
grep -q "^gradvec: error: \"thhe\" not in vocabulary (did you mean: \"${mark}the\"" "$work/err.txt" ||
  fail "the typo's suggestions are not word-start pieces: $(cat "$work/err.txt")"
echo "ok: an unknown token is named with word-start pieces, and the others are answered"

# `vector` looks words up by the same rule: its line for "the" is the file's line for ▁the.
"$gradvec" vector --vectors "$work/skipgram-sgns.vec" the >"$work/the.txt" 2>"$work/note.txt" ||
  fail "vector failed: $(cat "$work/note.txt")"
[[ $(cat "$work/note.txt") == "gradvec: note: the: using ${mark}the" ]] ||
  fail "vector's note: $(cat "$work/note.txt")"
grep -qxF -f "$work/the.txt" "$work/skipgram-sgns.vec" || fail "vector's ${mark}the is not the file's row"
echo "ok: vector takes 'the' as ${mark}the and prints its row"

"$gradvec" train --corpus "$work/corpus.txt" --tokenizer "$work/tok.bpe" --dim 16 --epochs 1 \
  --threads 1 --output "$work/first.vec" --checkpoint "$work/run.ckpt" --quiet >/dev/null ||
  fail "train with --checkpoint failed"
"$gradvec" train --corpus "$work/corpus.txt" --resume "$work/run.ckpt" --epochs 2 \
  --output "$work/resumed.vec" --quiet >/dev/null || fail "resume without --tokenizer failed"
cmp <(cut -d' ' -f1 "$work/first.vec") <(cut -d' ' -f1 "$work/resumed.vec") ||
  fail "the resumed run's words are not the checkpoint's pieces"
"$gradvec" train --corpus "$work/corpus.txt" --resume "$work/run.ckpt" --tokenizer "$work/tok.bpe" \
  --epochs 2 --output "$work/restated.vec" --quiet >/dev/null || fail "resume restating --tokenizer failed"
cmp "$work/resumed.vec" "$work/restated.vec" || fail "restating the tokenizer changed the run"
echo "ok: a resumed run reads the corpus with the checkpoint's BPE merges"

"$cli/expect_failure.sh" 2 "^gradvec: error: $work/run.ckpt: was trained with --tokenizer BPE merges [0-9a-f]{16}, not BPE merges [0-9a-f]{16}; " \
  "$gradvec" train --corpus "$work/corpus.txt" --resume "$work/run.ckpt" \
  --tokenizer "$work/other.bpe" --output "$work/x.vec" || exit 1
"$cli/expect_failure.sh" 2 "^gradvec: error: $work/run.ckpt: was trained with --tokenizer BPE merges [0-9a-f]{16}, not words; " \
  "$gradvec" train --corpus "$work/corpus.txt" --resume "$work/run.ckpt" --tokenizer words \
  --output "$work/x.vec" || exit 1
printf 'gradvec-bpe 1\nmerges 1\n97 300\n' >"$work/bad.bpe"
"$cli/expect_failure.sh" 2 "^gradvec: error: --tokenizer: $work/bad.bpe: line 3: merge 0 joins token 300" \
  "$gradvec" train --corpus "$work/corpus.txt" --tokenizer "$work/bad.bpe" --output "$work/x.vec" || exit 1
"$cli/expect_failure.sh" 2 "^gradvec: error: --tokenizer: $work/missing.bpe: BPE file not found" \
  "$gradvec" train --corpus "$work/corpus.txt" --tokenizer "$work/missing.bpe" --output "$work/x.vec" || exit 1
"$cli/expect_failure.sh" 2 "^gradvec: error: --tokenizer: 'word' is not a tokenizer name .*did you mean 'words'" \
  "$gradvec" train --corpus "$work/corpus.txt" --tokenizer word --output "$work/x.vec" || exit 1
"$cli/expect_failure.sh" 2 "^gradvec: error: --lowercase does not apply to a BPE --tokenizer" \
  "$gradvec" train --corpus "$work/corpus.txt" --tokenizer "$work/tok.bpe" --lowercase \
  --output "$work/x.vec" || exit 1
# phrases takes no BPE file, and its --help offers none: it refuses one as it parses, with why.
"$cli/expect_failure.sh" 2 "^gradvec: error: --tokenizer: '$work/tok.bpe' is not a tokenizer name \(words, whitespace\); phrases writes its words back as text, which a BPE file's pieces are not" \
  "$gradvec" phrases --corpus "$work/corpus.txt" --tokenizer "$work/tok.bpe" --output "$work/x.vec" || exit 1
help=$("$gradvec" phrases --help) || fail "phrases --help failed"
grep -q -- "--tokenizer words|whitespace (default: words)" <<<"$help" || fail "phrases --help: $help"
! grep -q "FILE: a BPE file" <<<"$help" || fail "phrases --help offers a BPE file"
[[ ! -e $work/x.vec ]] || fail "a refused run wrote its output"
echo "ok: a bad --tokenizer, another tokenizer on resume, --lowercase and phrases are refused in one line"
