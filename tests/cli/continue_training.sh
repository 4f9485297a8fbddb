#!/usr/bin/env bash
# continue_training.sh GRADVEC CORPUS
# train --init on the command line: a model (checkpoint or vector file) continued on the second
# half of the corpus; options that contradict it refused in one line naming each (and an
# --anchor-known without --init, beside --freeze-known or too strong for --lr); hs's note; the
# model's rows kept bit for bit by --freeze-known; and a continued run stopped by a signal
# resuming to the uninterrupted run's vectors, byte for byte, at one thread.
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
head -n 4000 "$corpus" >"$work/first.txt"
sed -n 4001,12000p "$corpus" >"$work/second.txt"
small=(--dim 16 --threads 1 --quiet)
"$gradvec" train --corpus "$work/first.txt" "${small[@]}" --epochs 1 --output "$work/model.vec" \
  --checkpoint "$work/model.ckpt" >/dev/null 2>&1

refused() {  # refused PATTERN ARGS...: one line matching PATTERN, exit 2, nothing written
  "$expect_failure" 2 "$1" "$gradvec" train --corpus "$work/second.txt" \
    --output "$work/refused.vec" "${@:2}" >/dev/null || fail "not refused as '$1': ${*:2}"
  [[ ! -e $work/refused.vec ]] || fail "vectors written by a refused run: ${*:2}"
}
refused "^gradvec: error: --init $work/model.vec: --dim 50 \(the model's: 16\) contradicts the model; leave them out to take its values$" \
  --init "$work/model.vec" --dim 50
refused "^gradvec: error: --init $work/model.ckpt: --dim 50 \(the model's: 16\), --model cbow \(the model's: skipgram\), --subwords on \(the model's: off\) contradict the model; leave them out to take its values$" \
  --init "$work/model.ckpt" --dim 50 --model cbow --subwords
refused "--init excludes --resume|--resume excludes --init" --init "$work/model.ckpt" --resume "$work/model.ckpt"
refused "--freeze-known requires --init" --freeze-known
refused "--anchor-known requires --init" --anchor-known 0.5
refused "--freeze-known excludes --anchor-known|--anchor-known excludes --freeze-known" \
  --init "$work/model.ckpt" --freeze-known --anchor-known 0.5
refused "^gradvec: error: train: --anchor-known 50 with --lr 0.025: their product must be at most 1, or each step pulls a known row past its old value$" \
  --init "$work/model.ckpt" --anchor-known 50

# hs rebuilds its tree: said in one line, and the run goes on.
"$gradvec" train --init "$work/model.ckpt" --corpus "$work/second.txt" "${small[@]}" --epochs 1 \
  --loss hs --output "$work/hs.vec" 2>"$work/hs.err" >/dev/null
grep -qx "gradvec: note: hs builds its Huffman tree anew over the updated vocabulary: the model's words have new codes, and W_out starts at zero" "$work/hs.err" ||
  fail "no note of the rebuilt Huffman tree"

# A CBOW model continued without --lr takes CBOW's rate, not the skip-gram default; a given
# --lr stays.
"$gradvec" train --corpus "$work/first.txt" --dim 16 --threads 1 --epochs 1 --model cbow \
  --output "$work/cbow.vec" --checkpoint "$work/cbow.ckpt" >/dev/null 2>&1
header() { "$gradvec" train --init "$work/cbow.ckpt" --corpus "$work/second.txt" --dim 16 \
  --threads 1 --epochs 1 --output "$work/cbow2.vec" "$@" 2>&1 >/dev/null | head -n 1; }
[[ $(header) == *"cbow + sgns, lr 0.05, "* ]] || fail "a continued CBOW model: $(header)"
[[ $(header --lr 0.01) == *"cbow + sgns, lr 0.01, "* ]] || fail "--lr 0.01: $(header --lr 0.01)"

# rows WORDS FILE: the lines of FILE (a w2v text file) for the words listed in WORDS, sorted.
rows() { awk 'NR == FNR { want[$1]; next } FNR > 1 && ($1 in want)' "$1" "$2" | sort; }
awk 'NR > 1 { print $1 }' "$work/model.vec" >"$work/model.words"

# A continued, frozen run stopped by TERM and resumed: the uninterrupted run's bytes.
continued=(train --init "$work/model.vec" --corpus "$work/second.txt" --dim 16 --threads 1
  --epochs 30 --freeze-known --show thou)
"$gradvec" "${continued[@]}" --quiet --output "$work/whole.vec" >/dev/null 2>&1
"$gradvec" "${continued[@]}" --output "$work/stopped.vec" \
  2>"$work/stopped.err" >/dev/null &
pid=$!
until grep -q ' words in vocabulary' "$work/stopped.err"; do
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.02
done
kill -TERM "$pid" || :
status=0
wait "$pid" || status=$?
[[ $status -eq 143 ]] || fail "exit status $status after TERM, expected 143 (a run too short?)"
command=$(grep -o 'continue with: gradvec train .*' "$work/stopped.err") || fail "no resume command"
eval "\"\$gradvec\" ${command#continue with: gradvec }" >/dev/null 2>&1
cmp -s "$work/whole.vec" "$work/stopped.vec" || fail "the resumed continued run differs from the uninterrupted one"
# Frozen: the model's words' rows as the model wrote them; the new words are there, trained.
[[ $(rows "$work/model.words" "$work/whole.vec") == $(rows "$work/model.words" "$work/model.vec") ]] ||
  fail "--freeze-known changed the model's rows"
new_words=$(($(head -n 1 "$work/whole.vec" | cut -d' ' -f1) - $(wc -l <"$work/model.words")))
((new_words > 0)) || fail "no new word joined the vocabulary"
echo "ok: --init refuses contradictions, notes hs, freezes and resumes byte for byte"
