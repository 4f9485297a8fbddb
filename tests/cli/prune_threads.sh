#!/usr/bin/env bash
# prune_threads.sh GRADVEC CORPUS: --max-vocab-size below the corpus's distinct words prunes
# while counting, and every thread count trains on the vocabulary one thread counts (word for
# word, count for count); a limit that leaves too few words says so, naming the option.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
train=("$gradvec" train --corpus "$corpus" --epochs 1 --dim 16 --quiet)

for threads in 1 2 3; do
  "${train[@]}" --max-vocab-size 10000 --threads "$threads" --output "$work/$threads.vec" \
    --save-vocab "$work/$threads.txt" >"$work/$threads.log" 2>&1 ||
    fail "--threads $threads: $(cat "$work/$threads.log")"
  words=$(wc -l <"$work/$threads.txt")
  [[ $(head -n1 "$work/$threads.vec") == "$words 16" ]] || fail "--threads $threads: no vectors"
done
# TinyShakespeare has about 12 k distinct words, so the limit pruned: fewer words are kept than
# counting without it keeps.
"${train[@]}" --threads 1 --max-vocab-size 0 --output "$work/all.vec" \
  --save-vocab "$work/all.txt" >/dev/null || fail "--max-vocab-size 0 failed"
[[ $(wc -l <"$work/1.txt") -lt $(wc -l <"$work/all.txt") ]] || fail "the limit pruned nothing"
cmp -s "$work/1.txt" "$work/2.txt" || fail "2 threads counted another vocabulary than 1"
cmp -s "$work/1.txt" "$work/3.txt" || fail "3 threads counted another vocabulary than 1"
echo "ok: --max-vocab-size 10000 trains at 1, 2 and 3 threads on one vocabulary of $words words"

for threads in 1 2; do
  "$cli/expect_failure.sh" 2 \
    "tinyshakespeare.txt: --max-vocab-size 2 left 0 word\(s\) seen at least --min-count 5 times .*raise --max-vocab-size" \
    "${train[@]}" --threads "$threads" --max-vocab-size 2 --output "$work/x.vec" || exit 1
done
[[ ! -e $work/x.vec ]] || fail "a refused run wrote vectors"
