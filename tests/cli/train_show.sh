#!/usr/bin/env bash
# train_show.sh GRADVEC CORPUS: `train --show` prints, in the order asked, each word's five nearest
# neighbours (the same ones `gradvec nearest` finds in the written vectors), spells each word as
# the tokenizer does ("Thou" is thou, "'Tis" is tis), marks an unknown word, and shows no word
# it was not asked for. Without --show, the demo words (chosen for TinyShakespeare) that a corpus
# has are shown, those it lacks left out, and a corpus with none of them shows its most frequent.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
fail() { echo "FAIL: $*"; echo "--- output"; cat "$work/out.txt"; exit 1; }

"$gradvec" train --corpus "$corpus" --epochs 1 --threads 1 --output "$work/v.vec" \
  --show Thou zzzq shall "'Tis" >"$work/out.txt" 2>/dev/null || fail "train exited $?"
mapfile -t shown < <(sed -n '/^vectors written to/,$p' "$work/out.txt" | tail -n +2)
((${#shown[@]} == 4)) || fail "expected 4 neighbour lines, got ${#shown[@]}"
[[ ${shown[1]} =~ ^zzzq\ +\(not\ in\ vocabulary\)$ ]] || fail "unknown word line: '${shown[1]}'"
expected_words=(thou - shall tis)
for i in 0 2 3; do
  read -r word rest <<<"${shown[i]}"
  expected=${expected_words[i]}
  [[ $word == "$expected" ]] || fail "line $i shows '$word', expected '$expected'"
  # "w1 s1  w2 s2 ..." -> the five words, against gradvec nearest on the written file.
  got=$(awk '{ for (i = 1; i <= NF; i += 2) printf "%s ", $i }' <<<"$rest")
  want=$("$gradvec" nearest --vectors "$work/v.vec" --k 5 "$word" | tail -n +2 | cut -f1 | tr '\n' ' ')
  [[ $got == "$want" ]] || fail "neighbours of $word: '$got', nearest says '$want'"
done
echo "ok: ${shown[*]}"

# shown_words OUT: the first word of each neighbour line after the vectors were written.
shown_words() { sed -n '/^vectors written to/,$p' "$1" | tail -n +2 | cut -d' ' -f1 | tr '\n' ' '; }
for _ in $(seq 20); do echo "thou art my son and the king is old but thou art young"; done >"$work/some.txt"
"$gradvec" train --corpus "$work/some.txt" --epochs 1 --threads 1 --dim 8 --output "$work/s.vec" \
  >"$work/out.txt" 2>/dev/null || fail "train on a corpus with two demo words exited $?"
[[ $(shown_words "$work/out.txt") == "thou son " ]] ||
  fail "a corpus with thou and son shows '$(shown_words "$work/out.txt")'"
for _ in $(seq 20); do echo "the cat sat on the mat and a dog sat by the door"; done >"$work/none.txt"
"$gradvec" train --corpus "$work/none.txt" --epochs 1 --threads 1 --dim 8 --output "$work/n.vec" \
  --save-vocab "$work/vocab.txt" >"$work/out.txt" 2>/dev/null ||
  fail "train on a corpus with no demo word exited $?"
frequent=$(head -n 5 "$work/vocab.txt" | cut -d' ' -f1 | tr '\n' ' ')
[[ $(shown_words "$work/out.txt") == "$frequent" ]] ||
  fail "a corpus with no demo word shows '$(shown_words "$work/out.txt")', not its most frequent: $frequent"
echo "ok: without --show, the demo words a corpus has (thou son), else its most frequent ($frequent)"
