#!/usr/bin/env bash
# refusals.sh GRADVEC CORPUS: ranks given different options refuse to start, rank 0 naming the
# option and both values in one line, and the job ends (MPI_Abort) with status 2 and no output.
set -uo pipefail
source "$(dirname "$0")/mpi_common.sh"
common=(train --corpus "$corpus" --output v.vec --epochs 1 --quiet)
timeout 60 mpirun --oversubscribe -np 1 "$gradvec" "${common[@]}" --dim 10 : \
  -np 1 "$gradvec" "${common[@]}" --dim 20 >out.txt 2>err.txt
status=$?
[[ $status -ne 124 ]] || fail "mpirun timed out"
[[ $status -ne 0 ]] || fail "mpirun succeeded"
ours=$(grep '^gradvec:' err.txt)
[[ $ours == "gradvec: rank 0: rank 1 differs in --dim: '20' there, '10' here; every rank must run the same command on the same files" ]] ||
  { cat err.txt; fail "not the refusal: $ours"; }
[[ ! -e v.vec ]] || fail "vectors written"
echo "ok: $ours"
