#!/usr/bin/env bash
# The engine against PyTorch on one core: the per-op cost of a small recorded graph (forward +
# backward) and matmul throughput, the same cases in build/bench_engine and bench/torch_engine.py,
# REPS rounds alternating the two; best of the rounds for each (the least disturbed run).
# PyTorch runs on OpenBLAS (refused otherwise) with one thread, as gradvec's engine has one.
#
#   bench/engine_vs_torch.sh            REPS=3 by default
#
# Environment: BUILD_DIR (default build), REPS, PYTHON (default /usr/bin/python3).
# Prints a Markdown table on stdout; exit status 2 when something could not run.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
bench_engine=${BUILD_DIR:-$repo/build}/bench_engine
reps=${REPS:-3}
[[ $reps =~ ^[1-9][0-9]*$ ]] || die "REPS must be a positive integer, got '$reps'"
[[ -x $bench_engine ]] || die "$bench_engine not found: build with cmake --build build (needs libbenchmark-dev)"
"$python" -c 'import torch' 2>/dev/null || die "$python cannot import torch: ./setup.sh --peers"
require_openblas
make_work_dir

for ((rep = 1; rep <= reps; rep++)); do
  "$bench_engine" --benchmark_filter='TenOp|MatmulOurs' --benchmark_min_time=0.3 \
    --benchmark_out="$work/ours-$rep.json" --benchmark_out_format=json >/dev/null 2>&1 ||
    die "bench_engine failed"
  "$python" "$repo/bench/torch_engine.py" --min-time 0.3 >"$work/torch-$rep.txt" ||
    die "torch_engine.py failed"
  echo "$script: round $rep/$reps done" >&2
done

echo "Machine: $(nproc) CPUs ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)); one thread each; best of $reps rounds."
echo "PyTorch $("$python" -c 'import torch; print(torch.__version__)'), BLAS behind libblas.so.3: $blas, OPENBLAS_NUM_THREADS=$OPENBLAS_NUM_THREADS."
echo
"$python" - "$work" "$reps" <<'PY'
import json
import sys

work, reps = sys.argv[1], int(sys.argv[2])
ours, theirs = {}, {}  # name -> best value (seconds per op: lowest; GFLOP/s: highest)


def keep(table, name, value, unit):
    better = min if unit == "s" else max
    table[name] = (better(table[name][0], value) if name in table else value, unit)


for rep in range(1, reps + 1):
    for bench in json.load(open(f"{work}/ours-{rep}.json"))["benchmarks"]:
        if "time_per_op" in bench:
            keep(ours, bench["name"], bench["time_per_op"], "s")
        else:
            keep(ours, bench["name"], bench["GFLOP/s"], "GFLOP/s")
    for line in open(f"{work}/torch-{rep}.txt"):
        if not line.startswith("#"):
            name, value, unit = line.split()
            keep(theirs, name, float(value), unit)

print("| case | gradvec | PyTorch | gradvec ÷ PyTorch speed |")
print("|---|---|---|---|")
for name, (value, unit) in theirs.items():
    mine = ours[name][0]
    if unit == "s":
        label = f"10-op graph, forward + backward, ({name.split('/')[1]}, 100): time per op"
        print(f"| {label} | {mine * 1e6:.2f} µs | {value * 1e6:.2f} µs | {value / mine:.2f}× |")
    else:
        n = name.split("/")[1]
        print(f"| matmul ({n}, {n}) @ ({n}, {n}) | {mine:.1f} GFLOP/s | {value:.1f} GFLOP/s | {mine / value:.2f}× |")
PY
