#!/usr/bin/env bash
# The Python module against the command line and gensim, in one run (docs/python.md):
#
#   bench/python.sh [BUILD_DIR]      (default: build, configured with -DGRADVEC_PYTHON=ON)
#   RUNS=15                          rounds of each timing, the contenders taking turns in each
#                                    (the fastest of each is reported)
#
#  1. corpus_file training: gradvec.Word2Vec(corpus_file=...) against `gradvec train` with the
#     same options (whitespace tokens, common.sh's hyperparameters, 2 threads), both timed as
#     wall time around the training alone (the binary as a whole process; Python without its import);
#  2. a list of token lists in memory: gradvec.Word2Vec(sentences) against gensim's
#     Word2Vec(sentences=...) with the same hyperparameters and threads;
#  3. most_similar per call over 100,000 words x 100 dims (numpy, fixed seed): gradvec's against
#     gensim's, 200 queries each, after one warm-up query (both build their unit rows once).
# The corpus is common.sh's (TinyShakespeare by default; GRADVEC_CORPUS for another).
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
cd "$repo"
build_dir=${1:-build}
runs=${RUNS:-15}
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "RUNS must be a positive integer, got '$runs'"
[[ -d $build_dir/python/gradvec ]] || die "$build_dir/python/gradvec is missing: configure with -DGRADVEC_PYTHON=ON and build gradvec_python"
"$python" -c 'import gensim' 2>/dev/null || die "$python cannot import gensim: ./setup.sh --python"

PYTHONPATH=$build_dir/python "$python" - "$build_dir/gradvec" "$corpus" "$runs" \
  "$dim" "$window" "$negative" "$sample" "$min_count" <<'PY'
import os, subprocess, sys, tempfile, time
import numpy as np
import gensim
import gradvec

binary, corpus, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
dim, window, negative, sample, min_count = int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]), float(sys.argv[7]), int(sys.argv[8])
threads, epochs = 2, 5
work = tempfile.mkdtemp(prefix="python-bench-")
options = dict(vector_size=dim, window=window, negative=negative, sample=sample,
               min_count=min_count, workers=threads, epochs=epochs, sg=1, alpha=0.025)

def fastest(*contenders):
    """The fastest time of each contender over `runs` rounds, taking turns within each round:
    on a shared machine the load drifts, and blocks of one contender's runs would each meet a
    different load."""
    times = [[] for _ in contenders]
    for _ in range(runs):
        for run, taken in zip(contenders, times):
            start = time.perf_counter()
            run()
            taken.append(time.perf_counter() - start)
    return [min(taken) for taken in times]

cli, ours_file = fastest(lambda: subprocess.run(
    [binary, "train", "--corpus", corpus, "--output", os.path.join(work, "cli.bin"),
     "--output-format", "w2v-bin", "--tokenizer", "whitespace", "--dim", str(dim),
     "--window", str(window), "--negative", str(negative), "--sample", str(sample),
     "--min-count", str(min_count), "--threads", str(threads), "--epochs", str(epochs),
     "--lr", "0.025", "--quiet"], check=True, capture_output=True),
    lambda: gradvec.Word2Vec(corpus_file=corpus, quiet=True, **options))
print(f"corpus_file training: gradvec train {cli:.2f} s, gradvec.Word2Vec {ours_file:.2f} s "
      f"({100 * (ours_file / cli - 1):+.1f}%)")

with open(corpus, encoding="utf-8") as text:
    sentences = [line.split() for line in text if line.split()]
ours_list, theirs_list = fastest(lambda: gradvec.Word2Vec(sentences, quiet=True, **options),
                                 lambda: gensim.models.Word2Vec(sentences, **options))
print(f"sentences= training ({len(sentences)} sentences): gradvec {ours_list:.2f} s, "
      f"gensim {theirs_list:.2f} s ({theirs_list / ours_list:.1f}x)")

rng = np.random.default_rng(1)
vectors = rng.normal(size=(100_000, 100)).astype(np.float32)
words = [f"w{i}" for i in range(len(vectors))]
table = gensim.models.KeyedVectors(100)
table.add_vectors(words, vectors)
path = os.path.join(work, "table.bin")
table.save_word2vec_format(path, binary=True)
ours = gradvec.KeyedVectors.load(path)
queries = [words[i] for i in rng.integers(0, len(words), 200)]
for kv in [ours, table]:
    kv.most_similar(queries[0], topn=10)
mine, theirs = (t / len(queries) for t in fastest(
    lambda: [ours.most_similar(q, topn=10) for q in queries],
    lambda: [table.most_similar(q, topn=10) for q in queries]))
print(f"most_similar over 100000 x 100: gradvec {1e3 * mine:.2f} ms/call, gensim "
      f"{1e3 * theirs:.2f} ms/call ({theirs / mine:.1f}x)")
PY
