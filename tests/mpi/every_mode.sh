#!/usr/bin/env bash
# every_mode.sh GRADVEC CORPUS NP: every model x loss, and subwords, trains across NP ranks, rank 0
# alone writing the vectors, and they are sane: thou's nearest neighbours on TinyShakespeare
# hold thyself, thy or one of the verbs it governs (art, hast, dost, wilt, shalt), as a plain
# run's do (with subwords thou'rt too, which shares most of its n-grams). The full softmax trains
# a smaller vocabulary, as it is meant for: its cost grows with it.
# Every run takes the default learning rate across NP ranks, NP times the plain one.
set -uo pipefail
source "$(dirname "$0")/mpi_common.sh"
np=$3
runs=("--model skipgram --loss sgns" "--model skipgram --loss hs"
      "--model skipgram --loss softmax --min-count 100 --window 3"
      "--model cbow --loss sgns" "--model cbow --loss hs"
      "--model cbow --loss softmax --min-count 60"
      "--model skipgram --loss sgns --subwords --buckets 20000")
# Hogwild threads within each rank, worker 0 syncing while the other trains; 2 ranks are enough.
((np > 2)) || runs+=("--model skipgram --loss sgns --threads 2")
for run in "${runs[@]}"; do
  [[ $run == *--threads* ]] || run+=" --threads 1"
  # shellcheck disable=SC2086
  mpi "$np" "$gradvec" train --corpus "$corpus" --output v.vec --epochs 3 --dim 32 --seed 1 \
    --show thou $run >out.txt 2>err.txt || { cat err.txt; fail "$run: mpirun failed"; }
  [[ -s v.vec ]] || fail "$run: no vectors written"
  [[ $(head -1 v.vec | cut -d' ' -f2) == 32 ]] || fail "$run: header $(head -1 v.vec)"
  # One summary, one neighbours line: rank 0's only.
  [[ $(grep -c '^vectors written to' out.txt) -eq 1 ]] || { cat out.txt; fail "$run: not one summary"; }
  grep -Eq "^thou .* (thyself|thy|thou'rt|art|hast|dost|wilt|shalt) " out.txt || { cat out.txt; fail "$run: thou's neighbours"; }
  grep -Eq "^synced $np ranks in [0-9]+ rounds .*, [0-9.]+ s syncing$" err.txt ||
    { cat err.txt; fail "$run: no sync summary with its seconds"; }
  echo "ok: $run: $(grep '^thou' out.txt)"
  rm -f v.vec
done
