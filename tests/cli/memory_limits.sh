#!/usr/bin/env bash
# memory_limits.sh GRADVEC CORPUS: sizes are checked against the memory this process may use,
# `ulimit -v` included, not only the machine's; what still runs out is one line, not a bare
# std::bad_alloc. Needs a build without sanitizers (they reserve terabytes of address space).
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
# COMMAND... under a 2 GB (2,048,000,000 bytes) address-space limit.
limited=(bash -c 'ulimit -v 2000000 && exec "$@"' limited)

# 9.4 GB of tables: refused by the pre-check, naming the limit, before the corpus is read.
"$expect_failure" 2 "^gradvec: error: train: training needs about 9\.4 GB but this process may use 2\.0 GB \(ulimit -v\): the tables take 9\.0 GB .*; lower --dim or --buckets$" \
  "${limited[@]}" "$gradvec" train --corpus no/such/corpus.txt --subwords --buckets 20000000 --output "$work/x.vec" || exit 1
"$expect_failure" 2 "^gradvec: error: lm train: the model and a step need [0-9.]+ GB but this process may use 2\.0 GB \(ulimit -v\); lower --dim, --layers, --context or --batch$" \
  "${limited[@]}" "$gradvec" lm train --corpus no/such/corpus.txt --dim 2048 --layers 16 --output "$work/x.lm" || exit 1
# 1.98 GB estimated, just within the limit, so an allocation fails: the tables' (one line naming
# the limit and the options that size memory) or, when they fit, a thread's stack.
"$expect_failure" 2 "^gradvec: error: (out of memory: this process may use 2\.0 GB \(ulimit -v\); lower --dim, --buckets, --batch, --window, --negative, --threads or --max-vocab-size|cannot start a thread \(.*\); lower --threads)$" \
  "${limited[@]}" "$gradvec" train --corpus "$corpus" --subwords --buckets 4200000 --epochs 1 --quiet --output "$work/x.vec" || exit 1
# A thread whose stack (ulimit -s) cannot fit under ulimit -v: one line, not an abort.
"$expect_failure" 2 "^gradvec: error: cannot start a thread \(Resource temporarily unavailable\); lower --threads$" \
  bash -c 'ulimit -v 2000000 && ulimit -s 3000000 && exec "$@"' limited \
  "$gradvec" train --corpus "$corpus" --threads 1 --epochs 1 --quiet --output "$work/x.vec" || exit 1
[[ -z $(ls "$work") ]] || { echo "FAIL: files left behind: $(ls "$work")"; exit 1; }
echo "ok: the memory checks and the out-of-memory message name ulimit -v"
