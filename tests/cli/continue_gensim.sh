#!/usr/bin/env bash
# continue_gensim.sh GRADVEC CORPUS: gensim's load_facebook_model loads a fastText .bin that
# fastText trained and gradvec continued (train --init, --output-format fasttext-bin), one with
# subwords and one without (-maxn 0):
#   - gensim's vocabulary is the continued model's, a word only in the new corpus included;
#   - gensim's vectors of the model's words, of the new word and (with subwords) of an unseen
#     word equal what `gradvec vector` reads from the same file, to float precision, so both
#     tables' rows, the buckets and the n-gram settings came through as gensim reads them.
# Exits 77 (skipped) when fastText or gensim is not installed, and fails under CI then
# (peers.sh).
set -uo pipefail
gradvec=$1 corpus=$2
python=/usr/bin/python3
source "$(dirname "$0")/peers.sh"
need_peer fasttext command -v fasttext
need_peer "gensim (for $python)" "$python" -c 'import gensim.models.fasttext'
source "$(dirname "$0")/scratch.sh"
set -e
head -n 3000 "$corpus" >"$work/first.txt"
sed -n 3001,9000p "$corpus" >"$work/second.txt"

# gensim's vectors for the words on standard input against `gradvec vector`'s lines in $3
# (`word v1 ... vd`): prints each word that differs by more than float rounding (relative 1e-5
# of the vector's largest entry, as gradvec prints 8 significant digits) or that gensim lacks,
# then whether the new word $2 is in gensim's vocabulary and its size.
compare='
import sys
from gensim.models.fasttext import load_facebook_model
model = load_facebook_model(sys.argv[1]).wv
for line in open(sys.argv[3]):
    word, *values = line.split()
    expected = [float(v) for v in values]
    if word.startswith("qqzx") != (word not in model.key_to_index):
        print("vocabulary:", word)
    scale = max(abs(v) for v in expected) or 1.0
    if any(abs(g - e) > 1e-5 * scale for g, e in zip(model[word], expected)):
        print("differs:", word, list(model[word]), expected)
print("new word known:", sys.argv[2] in model.key_to_index, "size:", len(model))
'
for kind in subwords words; do
  case $kind in
    subwords) ngrams=(-minn 3 -maxn 6 -bucket 20000) ;;
    words) ngrams=(-maxn 0) ;;
  esac
  fasttext skipgram -input "$work/first.txt" -output "$work/$kind" -dim 8 -epoch 1 -minCount 2 \
    "${ngrams[@]}" -thread 1 -verbose 0 >/dev/null 2>&1 || fail "fasttext skipgram ($kind)"
  "$gradvec" train --init "$work/$kind.bin" --corpus "$work/second.txt" --epochs 1 --threads 1 \
    --quiet --output-format fasttext-bin --output "$work/$kind-continued.bin" >/dev/null 2>&1 ||
    fail "train --init $kind.bin"
  fasttext dump "$work/$kind.bin" dict | awk 'NR > 1 { print $1 }' | sort >"$work/old.words"
  fasttext dump "$work/$kind-continued.bin" dict | awk 'NR > 1 { print $1 }' | sort >"$work/new.words"
  new_word=$(comm -13 "$work/old.words" "$work/new.words" | sed -n 1p)
  [[ -n $new_word ]] || fail "no word of the new corpus joined the dictionary ($kind)"
  size=$(wc -l <"$work/new.words")
  unseen=()
  [[ $kind == words ]] || unseen=(qqzxunseen)
  # gensim adds n-grams to fastText's line end </s>, which fastText itself gives none, even on
  # fastText's own model: left out. (sed, not head, takes the first lines: it reads to the end,
  # so the writer before it never dies of SIGPIPE, which pipefail and set -e would make fatal.)
  { grep -vx '</s>' "$work/old.words" | sed -n 1,40p; printf '%s\n' "$new_word" "${unseen[@]}"; } |
    "$gradvec" vector --vectors "$work/$kind-continued.bin" >"$work/gradvec.txt" 2>/dev/null
  report=$("$python" -c "$compare" "$work/$kind-continued.bin" "$new_word" "$work/gradvec.txt" 2>&1) ||
    fail "gensim cannot load the continued model ($kind): $report"
  [[ $report == "new word known: True size: $size" ]] ||
    fail "gensim reads the continued model ($kind) otherwise than gradvec wrote it: $report"
  echo "ok: gensim loads the continued model ($kind): $size words, '$new_word' among them, the same vectors"
done
