#!/usr/bin/env bash
# default_lr.sh GRADVEC CORPUS: without --lr, R ranks start at R times the plain rate, as they
# average their tables (which moves them 1/R as far per word as one process moves its own): rank
# 0's header says the rate and why, and the vectors are the very bytes of a run given that rate.
# A rate given is what each rank steps at. Past kMaxLrScale (8) ranks the factor stays 8.
set -uo pipefail
source "$(dirname "$0")/mpi_common.sh"
train() {  # train NP OUTPUT ARGS...: NP ranks, one thread each; rank 0's header in $header
  local np=$1 output=$2
  shift 2
  mpi "$np" "$gradvec" train --corpus "$corpus" --output "$output" --epochs 1 --dim 16 --threads 1 \
    --seed 3 --show thou "$@" >out.txt 2>err.txt || { cat err.txt; fail "$*: mpirun failed"; }
  header=$(grep ' words in vocabulary' err.txt)
}
train 2 default.vec
[[ $header == *"skipgram + sgns, lr 0.05 (2 ranks x 0.025; --lr sets it), 1 thread(s)" ]] ||
  fail "skip-gram's default across 2 ranks: $header"
echo "ok: $header"
train 2 given.vec --lr 0.05
[[ $header == *"skipgram + sgns, lr 0.05, 1 thread(s)" ]] || fail "--lr 0.05: $header"
cmp -s default.vec given.vec || fail "the default across 2 ranks did not train as --lr 0.05"
echo "ok: the default trains as --lr 0.05: $(sha256sum <default.vec | cut -c1-16)"
train 2 plain.vec --lr 0.025
[[ $header == *", lr 0.025, 1 thread(s)" ]] || fail "--lr 0.025: $header"
cmp -s default.vec plain.vec && fail "--lr 0.025 trained as the default"
echo "ok: --lr 0.025 steps at 0.025"
train 2 cbow.vec --model cbow
[[ $header == *"cbow + sgns, lr 0.1 (2 ranks x 0.05; --lr sets it), 1 thread(s)" ]] ||
  fail "CBOW's default across 2 ranks: $header"
echo "ok: $header"
train 9 capped.vec
[[ $header == *"skipgram + sgns, lr 0.2 (9 ranks, capped at 8 x 0.025; --lr sets it), 1 thread(s)" ]] ||
  fail "skip-gram's default across 9 ranks: $header"
echo "ok: $header"
