#!/usr/bin/env bash
# Loading speed: gradvec's vector reader against gensim's, on one synthetic GloVe file.
#
#   bench/load.sh [BUILD_DIR]        (default: build)
#   RUNS=5                           repetitions of each loader
#   LOADER="cmd args"                the command that loads FILE (default: BUILD_DIR/gradvec
#                                    info --vectors); FILE is appended
#
# Writes 50,000 words x 300 dims (~143 MB, values like -0.123456; numpy, fixed seed) into a
# temporary directory, loads it with both, and prints the median seconds, MB/s and the ratio.
# gradvec is timed as a whole process (start-up, mapping, parsing, exit); gensim in-process
# around KeyedVectors.load_word2vec_format(path, no_header=True) alone, so neither its
# interpreter start nor its ~1 s import counts against it. The file is read once before
# timing, so both read from the page cache.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$repo"
build_dir=${1:-build}
runs=${RUNS:-5}
loader=${LOADER:-"$build_dir/gradvec info --vectors"}
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "RUNS must be a positive integer, got '$runs'"
"$python" -c 'import gensim' 2>/dev/null || die "$python cannot import gensim: ./setup.sh --peers"
require_openblas  # gensim's loader is numpy parsing, but a pip user's gensim has OpenBLAS too
echo "load: BLAS behind libblas.so.3: $blas; OPENBLAS_NUM_THREADS=$OPENBLAS_NUM_THREADS"

make_work_dir
file="$work/synthetic_50000x300.txt"

echo "load: writing $file"
"$python" - "$file" <<'PY'
import sys

import numpy as np

words, dim = 50_000, 300
rng = np.random.default_rng(20240607)
with open(sys.argv[1], "w") as out:
    for start in range(0, words, 1000):
        block = rng.uniform(-1.0, 1.0, size=(1000, dim))
        lines = (
            f"w{start + i} " + " ".join(f"{v:.6f}" for v in row)
            for i, row in enumerate(block)
        )
        out.write("\n".join(lines) + "\n")
PY
cat "$file" >/dev/null

"$python" - "$file" "$runs" "$loader" <<'PY'
import os
import shlex
import statistics
import subprocess
import sys
import time

path, runs, loader = sys.argv[1], int(sys.argv[2]), shlex.split(sys.argv[3])
megabytes = os.path.getsize(path) / 1e6

ours = []
for _ in range(runs + 1):  # the first run warms up and is dropped
    start = time.perf_counter()
    done = subprocess.run(loader + [path], capture_output=True, text=True)
    ours.append(time.perf_counter() - start)
    if done.returncode != 0:
        sys.exit(f"load: {' '.join(loader)} failed: {done.stderr.strip()}")
print("load: gradvec says:\n" + "\n".join("  " + line for line in done.stdout.splitlines()))
ours = ours[1:]

gensim = subprocess.run(
    [sys.executable, "bench/load_gensim.py", path, str(runs)],
    capture_output=True, text=True, check=True,
)
print(f"load: {gensim.stderr.strip()}")
theirs = [float(line) for line in gensim.stdout.split()]

ours_median, theirs_median = statistics.median(ours), statistics.median(theirs)
print(f"file: {megabytes:.1f} MB, {runs} runs each, {os.cpu_count()} cores")
print(f"{'loader':<10}{'median s':>10}{'MB/s':>10}")
for name, median in (("gradvec", ours_median), ("gensim", theirs_median)):
    print(f"{name:<10}{median:>10.3f}{megabytes / median:>10.0f}")
print(f"gradvec is {theirs_median / ours_median:.1f}x gensim's speed")
PY
