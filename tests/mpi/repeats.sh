#!/usr/bin/env bash
# repeats.sh GRADVEC CORPUS: at one thread per rank a run across ranks repeats bit for bit (the
# sync schedule counts words, not seconds), the ranks' merged counts are the vocabulary a plain
# run counts (same words, counts and order, ties included), and -np 1 writes what a plain run of
# the same binary writes.
set -uo pipefail
source "$(dirname "$0")/mpi_common.sh"
train() {  # train NP OUTPUT ARGS...: NP 0 is a plain run
  local np=$1 output=$2
  shift 2
  np_run "$np" "$gradvec" train --corpus "$corpus" --output "$output" --epochs 2 --dim 24 \
    --threads 1 --seed 7 --quiet "$@"
}
train 0 plain.vec --save-vocab plain.vocab
for np in 2 3; do
  train "$np" a.vec --save-vocab ranks.vocab
  cmp -s plain.vocab ranks.vocab || fail "-np $np: the vocabulary differs from a plain run's"
  # The summary counts the words of every rank, exactly: 2 epochs of the 188,990 tokens that
  # --min-count 5 keeps.
  grep -q "trained 377980 words" out.txt || { cat out.txt; fail "-np $np: not every rank's words"; }
  train "$np" b.vec
  cmp -s a.vec b.vec || fail "-np $np: two runs differ"
  echo "ok: -np $np repeats: $(sha256sum <a.vec | cut -c1-16)"
done
# Averaging across ranks changes the vectors: the comparison above compares trained tables.
cmp -s plain.vec a.vec && fail "-np 3 wrote the plain run's vectors"
for mode in "--model skipgram --loss sgns" "--model cbow --loss hs --subwords --buckets 5000"; do
  # shellcheck disable=SC2086
  train 0 plain.vec $mode
  # shellcheck disable=SC2086
  train 1 one.vec $mode
  cmp -s plain.vec one.vec || fail "$mode: -np 1 differs from a plain run"
  echo "ok: $mode: -np 1 = plain: $(sha256sum <one.vec | cut -c1-16)"
done
