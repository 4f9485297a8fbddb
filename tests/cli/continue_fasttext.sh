#!/usr/bin/env bash
# continue_fasttext.sh GRADVEC CORPUS: train --init on a fastText .bin that fastText trained.
#   - at a vanishing --lr, the continued model written as fasttext-bin gives, in fastText, the
#     vectors the model gave for its words and for an unseen word: both tables, the n-gram
#     buckets and the settings came through;
#   - the new corpus is read as fastText reads it, and a word only there joins the dictionary
#     fastText loads, with a vector;
#   - --dim against the model is refused naming it.
# Exits 77 (skipped) when fastText is not installed, and fails under CI then (peers.sh).
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/peers.sh"
need_peer fasttext command -v fasttext
source "$(dirname "$0")/scratch.sh"
set -e
head -n 3000 "$corpus" >"$work/first.txt"
sed -n 3001,9000p "$corpus" >"$work/second.txt"
fasttext skipgram -input "$work/first.txt" -output "$work/M" -dim 8 -epoch 1 -minCount 2 \
  -bucket 20000 -minn 3 -maxn 6 -thread 1 -verbose 0 >/dev/null 2>&1 || fail "fasttext skipgram"
continued=(train --init "$work/M.bin" --corpus "$work/second.txt" --epochs 1 --threads 1 --quiet
  --output-format fasttext-bin)

"$gradvec" "${continued[@]}" --lr 1e-30 --output "$work/same.bin" >/dev/null 2>&1
fasttext dump "$work/same.bin" args >"$work/args.txt"
for setting in "dim 8" "bucket 20000" "minn 3" "maxn 6" "model sg"; do
  grep -qx "$setting" "$work/args.txt" || fail "the continued model's args lack '$setting'"
done
words=$(fasttext dump "$work/M.bin" dict | awk 'NR > 1 && NR <= 40 { printf "%s ", $1 } END { print "qqzxunseen" }')
[[ $(echo "$words" | fasttext print-word-vectors "$work/same.bin") == \
   $(echo "$words" | fasttext print-word-vectors "$work/M.bin") ]] ||
  fail "at --lr 1e-30 fastText's vectors of the model's words changed"

"$gradvec" "${continued[@]}" --output "$work/C.bin" >/dev/null 2>&1
fasttext dump "$work/M.bin" dict | awk 'NR > 1 { print $1 }' | sort >"$work/old.words"
fasttext dump "$work/C.bin" dict | awk 'NR > 1 { print $1 }' | sort >"$work/new.words"
[[ -z $(comm -23 "$work/old.words" "$work/new.words") ]] || fail "model words left the dictionary"
# Read as fastText reads (whitespace, case kept): new words with capitals and punctuation.
comm -13 "$work/old.words" "$work/new.words" | grep -q "^[[:upper:]].*[[:punct:]]$" ||
  fail "the new corpus was not read with the model's tokenizer"
new_word=$(comm -13 "$work/old.words" "$work/new.words" | head -n 1)
[[ -n $new_word ]] || fail "no word of the new corpus joined the dictionary"
vector=$(echo "$new_word" | fasttext print-word-vectors "$work/C.bin")
[[ $(echo "$vector" | wc -w) -eq 9 ]] || fail "fastText gives '$new_word' no vector: $vector"

"$expect_failure" 2 \
  "^gradvec: error: --init $work/M.bin: --dim 16 \(the model's: 8\) contradicts the model; leave them out to take its values$" \
  "$gradvec" "${continued[@]}" --dim 16 --output "$work/refused.bin" >/dev/null || fail "--dim not refused"
echo "ok: a fastText model continued by gradvec loads in fastText with its words, buckets and settings"
