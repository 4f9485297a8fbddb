#!/usr/bin/env bash
# fasttext_interop.sh GRADVEC CORPUS: gradvec and fastText read each other's models.
#   - `gradvec vector` prints what `fasttext print-word-vectors` prints on a model fastText
#     trained, for words in the vocabulary, unseen words (their n-grams alone) and non-ASCII
#     words, from stdin and from arguments alike;
#   - `gradvec convert` to word2vec text matches the .vec fastText wrote beside the model;
#   - `nearest` marks an unseen word "(from subwords)";
#   - on models gradvec trained (`train --output-format fasttext-bin`: skip-gram and CBOW with subwords,
#     and one without), `fasttext print-word-vectors` prints what `gradvec vector` prints, and
#     the .vec that `train` writes holds the same vectors for the vocabulary.
# fastText prints 5 significant digits, so a value must lie within half a unit of its 5th
# digit. Exits 77 (skipped) when fastText is not installed, and fails under CI then (peers.sh).
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/peers.sh"
need_peer fasttext command -v fasttext
source "$(dirname "$0")/scratch.sh"

head -n 3000 "$corpus" >"$work/corpus.txt"
for _ in 1 2 3; do
  echo "the café in naïve Æthelred's hall: Æthelred and the café owner, naïve Æthelred" \
    >>"$work/corpus.txt"
done
fasttext skipgram -input "$work/corpus.txt" -output "$work/M" -dim 8 -epoch 1 -minCount 2 \
  -bucket 20000 -minn 3 -maxn 6 -thread 1 -verbose 0 >"$work/train.log" 2>&1 ||
  fail "fasttext skipgram: $(cat "$work/train.log")"

# compare WHAT FASTTEXT_FILE GRADVEC_FILE: the same lines, words and values (to fastText's
# printed precision).
compare() {
  awk -v what="$1" '
    function abs(x) { return x < 0 ? -x : x }
    function floor(x) { return int(x) > x ? int(x) - 1 : int(x) }
    # Half a unit in the 5th significant digit of the printed value v.
    function tolerance(v) { return v == 0 ? 1e-30 : 0.5 * 10 ^ (floor(log(abs(v)) / log(10)) - 4) * 1.0001 }
    NR == FNR { fasttext[FNR] = $0; lines = FNR; next }
    {
      n = split(fasttext[FNR], want, " "); m = split($0, got, " ")
      if (want[1] != got[1] || n != m) { print what ": line " FNR ": fastText \"" fasttext[FNR] "\", gradvec \"" $0 "\""; bad = 1; next }
      for (i = 2; i <= n; i++) {
        if (abs(want[i] - got[i]) > tolerance(want[i])) { print what ": " got[1] " value " i - 1 ": fastText " want[i] ", gradvec " got[i]; bad = 1 }
        if (abs(want[i] - got[i]) > worst) worst = abs(want[i] - got[i])
      }
    }
    END {
      if (FNR != lines) { print what ": fastText printed " lines " lines, gradvec " FNR; bad = 1 }
      if (!bad) printf "ok: %s: %d lines agree, largest difference %.2g\n", what, lines, worst
      exit bad
    }' "$2" "$3"
}

known=$(sed -n '2,41p' "$work/M.vec" | cut -d' ' -f1 | tr '\n' ' ')
for word in café naïve Æthelred; do
  grep -q "^$word " "$work/M.vec" || fail "'$word' is not in fastText's vocabulary"
done
unseen="thouest xyzzy cafés naïveté Æthelredes 日本語 ĉu"
for word in $unseen; do
  ! grep -q "^$word " "$work/M.vec" || fail "'$word' is in fastText's vocabulary"
done
printf '%s\n' $known café naïve Æthelred $unseen >"$work/words.txt"

fasttext print-word-vectors "$work/M.bin" <"$work/words.txt" >"$work/fasttext.txt" ||
  fail "fasttext print-word-vectors"
"$gradvec" vector --vectors "$work/M.bin" <"$work/words.txt" >"$work/gradvec.txt" ||
  fail "gradvec vector exited $?"
compare "vector" "$work/fasttext.txt" "$work/gradvec.txt" || exit 1
# shellcheck disable=SC2046
"$gradvec" vector --vectors "$work/M.bin" $(cat "$work/words.txt") >"$work/arguments.txt" ||
  fail "gradvec vector WORD... exited $?"
cmp -s "$work/gradvec.txt" "$work/arguments.txt" || fail "words as arguments print otherwise"

"$gradvec" convert --vectors "$work/M.bin" --output "$work/gradvec.vec" --output-format w2v >/dev/null ||
  fail "gradvec convert exited $?"
compare "convert to .vec" "$work/M.vec" "$work/gradvec.vec" || exit 1

header=$("$gradvec" nearest --vectors "$work/M.bin" --k 3 thouest | head -n 1)
[[ $header == "nearest to thouest (from subwords):" ]] || fail "nearest printed '$header'"
echo "ok: nearest: $header"

# gradvec's models, read by fastText. Training with one thread and one seed is reproducible, so
# the .bin run and the .vec run learn the same tables.
gradvec_train() {  # gradvec_train OUTPUT FORMAT ARGS...
  local output=$1 format=$2
  shift 2
  "$gradvec" train --corpus "$work/corpus.txt" --output "$output" --output-format "$format" --dim 8 \
    --epochs 1 --min-count 2 --threads 1 --quiet "$@" >/dev/null 2>"$work/train.err" ||
    fail "gradvec train $*: $(cat "$work/train.err")"
}
for setting in "skipgram --subwords" "cbow --subwords" "skipgram"; do
  read -r model subwords <<<"$setting"
  args=(--model "$model" ${subwords:+--subwords --buckets 20000})
  gradvec_train "$work/G.bin" fasttext-bin "${args[@]}"
  gradvec_train "$work/G.vec" w2v "${args[@]}"
  ours_known=$(sed -n '2,41p' "$work/G.vec" | cut -d' ' -f1 | tr '\n' ' ')
  words=$ours_known
  [[ -n $subwords ]] && words+=" café naïve $unseen"
  printf '%s\n' $words >"$work/words.txt"
  fasttext print-word-vectors "$work/G.bin" <"$work/words.txt" >"$work/fasttext.txt" ||
    fail "fasttext print-word-vectors on gradvec's $setting model"
  "$gradvec" vector --vectors "$work/G.bin" <"$work/words.txt" >"$work/gradvec.txt" ||
    fail "gradvec vector exited $? on its $setting model"
  compare "gradvec's $setting model" "$work/fasttext.txt" "$work/gradvec.txt" || exit 1
  head -n 40 "$work/fasttext.txt" >"$work/fasttext_known.txt"
  sed -n '2,41p' "$work/G.vec" >"$work/gradvec_known.txt"
  compare "gradvec's $setting .vec" "$work/fasttext_known.txt" "$work/gradvec_known.txt" || exit 1
done
