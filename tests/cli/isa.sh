#!/usr/bin/env bash
# isa.sh GRADVEC: GRADVEC_ISA forces the kernels' variant. Each variant that `gradvec --version`
# says this CPU runs trains when forced, its summary names it, and two runs at one thread repeat
# each other bit for bit; a variant this CPU cannot run, or a name that is no variant, is refused
# in one line with status 2 before anything is written.
set -uo pipefail
gradvec=$1
dir=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
head -c 200000 "$dir/../../data/tinyshakespeare.txt" >"$work/c.txt"

runs=$(env -u GRADVEC_ISA "$gradvec" --version | sed -n 's/.*which runs \([a-z0-9, ]*\);.*/\1/p')
[[ $runs == baseline* ]] || fail "--version names no variants this CPU runs: $("$gradvec" --version)"
for isa in baseline avx2 avx512; do
  if [[ ", $runs, " == *", $isa, "* ]]; then
    for run in 1 2; do
      GRADVEC_ISA=$isa "$gradvec" train --corpus "$work/c.txt" --output "$work/$isa.$run.vec" \
        --dim 24 --epochs 1 --threads 1 --seed 3 >"$work/out" 2>"$work/err" ||
        fail "GRADVEC_ISA=$isa: training failed: $(cat "$work/err")"
      grep -q "words/s ($isa kernels)" "$work/out" || fail "the summary does not name $isa: $(cat "$work/out")"
    done
    cmp -s "$work/$isa.1.vec" "$work/$isa.2.vec" || fail "two runs of $isa at one thread differ"
    GRADVEC_ISA=$isa "$gradvec" --version | grep -q "^kernels: $isa (forced by GRADVEC_ISA" ||
      fail "--version does not name the forced $isa"
    echo "ok: $isa trains, names itself and repeats bit for bit"
  else
    "$dir/expect_failure.sh" 2 "^gradvec: error: GRADVEC_ISA=$isa: this CPU cannot run $isa code; it runs $runs$" \
      env GRADVEC_ISA=$isa "$gradvec" train --corpus "$work/c.txt" --output "$work/refused.vec" ||
      exit 1
    [[ ! -e $work/refused.vec ]] || fail "a refused variant wrote its output"
  fi
done
"$dir/expect_failure.sh" 2 "^gradvec: error: GRADVEC_ISA=sse9 names no variant: it takes avx512, avx2 or baseline \(this CPU runs $runs\)$" \
  env GRADVEC_ISA=sse9 "$gradvec" train --corpus "$work/c.txt" --output "$work/refused.vec" || exit 1
