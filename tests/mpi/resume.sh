#!/usr/bin/env bash
# resume.sh GRADVEC CORPUS: TERM on mpirun stops the ranks at a sync round; rank 0 writes one
# checkpoint (every rank's workers and place in the schedule) and prints the command that resumes
# it, and nothing else. That command, at one thread per rank, writes the very bytes of an
# uninterrupted run. A job of another size, or a plain run, refuses the checkpoint by its ranks,
# and another --sync-words by its schedule.
# The corpus (CORPUS is not used) has 300 words, all in the rows every round averages: the stop's
# full sync then changes no row, and the resumed run can equal the uninterrupted one. mpirun
# passes TERM on to the ranks only after its kill timeout (odls_base_sigkill_timeout, 1 s), so
# the run is long enough (600 epochs, about 5 s on a quiet 2-core machine) to be stopped mid-way.
set -uo pipefail
source "$(dirname "$0")/mpi_common.sh"
awk 'BEGIN { s = 7; for (l = 0; l < 3000; l++) { line = "";
       for (w = 0; w < 12; w++) { s = (s * 1103515245 + 12345) % 2147483648;
         r = int(s / 65536) % 400; line = line (w ? " " : "") "w" int(r * r / 400) }
       print line } }' >words.txt
run=(train --corpus words.txt --epochs 600 --dim 16 --threads 1 --sync-words 6000)
mpi 2 "$gradvec" "${run[@]}" --output whole.vec >out.txt 2>err.txt ||
  { status=$?; cat err.txt; fail "the uninterrupted run failed: status $status"; }

term_mid_run 2 "$gradvec" "${run[@]}" --output part.vec
line=$(ours err.txt)
prefix="interrupted: checkpoint written to part.vec.ckpt; continue with: mpirun -np 2 gradvec "
[[ $line == "$prefix"* && $(ours err.txt | wc -l) -eq 1 ]] || { cat err.txt; fail "not the one line"; }
[[ -s part.vec.ckpt && ! -e part.vec && ! -s out.txt ]] || fail "no checkpoint, or vectors written"
echo "ok: TERM: exit $status: $line"

# Refused by a job of another size, naming both, and by a plain run, before any training.
mpi 3 "$gradvec" train --resume part.vec.ckpt --corpus words.txt --output three.vec \
  >out.txt 2>err.txt && fail "-np 3 resumed a checkpoint of 2 ranks"
expected="gradvec: rank 0: --resume: the checkpoint was written across 2 MPI ranks, this job has 3; resume it with mpirun -np 2"
[[ $(grep '^gradvec:' err.txt) == "$expected" && ! -e three.vec ]] ||
  { cat err.txt; fail "-np 3: not the refusal"; }
echo "ok: $expected"
"$gradvec" train --resume part.vec.ckpt --corpus words.txt --output plain.vec >out.txt 2>err.txt
status=$?
expected="gradvec: error: --resume: the checkpoint was written across 2 MPI rank(s); resume it with mpirun -np 2"
[[ $status -eq 2 && $(cat err.txt) == "$expected" && ! -e plain.vec ]] ||
  { cat err.txt; fail "a plain run: not the refusal (status $status)"; }
echo "ok: $expected"

# --sync-words places the checkpoint's rounds: another value is refused as another --dim is,
# naming both, before any training; the same value passes (the resume below restates it).
mpi 2 "$gradvec" train --resume part.vec.ckpt --corpus words.txt --output other.vec \
  --sync-words 5000 >out.txt 2>err.txt && fail "--sync-words 5000 resumed a run of 6000"
expected="gradvec: rank 0: part.vec.ckpt: was trained with --sync-words 6000, not 5000; resume it with the checkpoint's values or without these options"
[[ $(grep '^gradvec:' err.txt) == "$expected" && ! -e other.vec ]] ||
  { cat err.txt; fail "--sync-words 5000: not the refusal"; }
echo "ok: $expected"

# The printed command, run as printed but for the binary's path and mpirun's options here.
eval "mpi 2 \"\$gradvec\" ${line#"$prefix"} --sync-words 6000" >out.txt 2>err.txt ||
  { cat err.txt; fail "the resume command (with the checkpoint's --sync-words) failed"; }
grep -q "(run: 21600000 words" out.txt || { cat out.txt; fail "the run's words are not 600 epochs"; }
cmp -s whole.vec part.vec || fail "interrupted and resumed differs from uninterrupted"
echo "ok: interrupted + resumed = uninterrupted: $(sha256sum <part.vec | cut -c1-16)"
