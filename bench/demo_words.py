#!/usr/bin/env python3
"""Which words have neighbours that a reader can trust? Stability of top-k neighbours across seeds.

    demo_words.py [--gradvec build/gradvec] [--corpus data/tinyshakespeare.txt]
                  [--seeds 1 2 3 4 5 6 7 8 9 10] [--k 5] [--min-count 100] [--top 20]
                  [--threads 0] [-- EXTRA TRAIN OPTIONS]

Trains `gradvec train` once per seed with its default settings (plus EXTRA), then, for every
word seen at least --min-count times, takes its k nearest neighbours (cosine, the word itself
excluded) in each run and scores the word by the mean overlap |A ∩ B| / k over all pairs of runs:
1.0 means every seed gives the same k neighbours, 0 that no two runs share one. Prints the --top
most stable words, and the stability of the words `gradvec train` shows by default, on stdout.

This is how the demo words of `gradvec train` were chosen: the first impression should be
neighbours that another seed (or the user's own machine) will reproduce.
"""
import argparse
import itertools
import os
import subprocess
import sys
import tempfile

import numpy as np

DEFAULT_SHOW = ["thou", "shall", "more", "son", "york"]


def read_vectors(path):
    with open(path, encoding="utf-8") as f:
        count, dim = map(int, f.readline().split())
        words, rows = [], np.empty((count, dim), dtype=np.float32)
        for i, line in enumerate(f):
            parts = line.rstrip("\n").split(" ")
            words.append(parts[0])
            rows[i] = np.asarray(parts[1:dim + 1], dtype=np.float32)
    rows /= np.maximum(np.linalg.norm(rows, axis=1, keepdims=True), 1e-12)
    return words, rows


def neighbours(words, rows, candidates, k):
    index = {w: i for i, w in enumerate(words)}
    ids = np.array([index[w] for w in candidates])
    scores = rows[ids] @ rows.T  # (N, V) cosines
    scores[np.arange(len(ids)), ids] = -np.inf  # a word is not its own neighbour
    top = np.argpartition(-scores, k, axis=1)[:, :k]
    return {w: {words[j] for j in top[n]} for n, w in enumerate(candidates)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--gradvec", default=os.path.join(repo, "build", "gradvec"))
    parser.add_argument("--corpus", default=os.path.join(repo, "data", "tinyshakespeare.txt"))
    parser.add_argument("--seeds", type=int, nargs="+", default=list(range(1, 11)))
    parser.add_argument("--k", type=int, default=5)
    parser.add_argument("--min-count", type=int, default=100,
                        help="candidates: words seen at least this often")
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("extra", nargs="*", help="further `gradvec train` options, after --")
    args = parser.parse_args()
    if len(args.seeds) < 2:
        sys.exit("demo_words.py: stability needs at least two --seeds")

    with tempfile.TemporaryDirectory(prefix="gradvec-demo-words.") as work:
        runs = []
        for seed in args.seeds:
            out = os.path.join(work, f"seed{seed}.vec")
            cmd = [args.gradvec, "train", "--corpus", args.corpus, "--seed", str(seed),
                   "--output", out, "--quiet", *args.extra]
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
            runs.append(read_vectors(out))
            print(f"demo_words.py: trained seed {seed}", file=sys.stderr)
        counts = word_counts(args.corpus, runs[0][0])
        candidates = [w for w in runs[0][0] if counts.get(w, 0) >= args.min_count]
        tops = [neighbours(words, rows, candidates, args.k) for words, rows in runs]

    stability = {}
    for w in candidates:
        pairs = itertools.combinations(range(len(tops)), 2)
        stability[w] = float(np.mean([len(tops[a][w] & tops[b][w]) / args.k for a, b in pairs]))
    ranked = sorted(candidates, key=lambda w: (-stability[w], -counts[w], w))

    print(f"Top-{args.k} neighbour stability over seeds {' '.join(map(str, args.seeds))} "
          f"(mean overlap over {len(args.seeds) * (len(args.seeds) - 1) // 2} pairs of runs), "
          f"{len(candidates)} words seen >= {args.min_count} times; "
          f"extra options: {' '.join(args.extra) or 'none'}")
    print()
    print("| word | count | stability | neighbours (first seed) |")
    print("|---|---|---|---|")
    for w in ranked[:args.top]:
        print(f"| {w} | {counts[w]} | {stability[w]:.2f} | {', '.join(sorted(tops[0][w]))} |")
    print()
    shown = [f"{w} {stability[w]:.2f}" if w in stability else f"{w} (rare)" for w in DEFAULT_SHOW]
    print(f"the demo words: {', '.join(shown)}")
    print(f"mean stability of all candidates: {np.mean(list(stability.values())):.2f}")


def word_counts(corpus, vocabulary):
    """Occurrences of each vocabulary word, tokenised as gradvec does (bench/tokenise_corpus.py)."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from tokenise_corpus import tokenise_lines  # noqa: E402  (one tokeniser for every bench)
    wanted = set(vocabulary)
    counts = {}
    with open(corpus, encoding="utf-8", errors="replace") as f:
        for sentence in tokenise_lines(f.read()):
            for token in sentence.split(" "):
                if token in wanted:
                    counts[token] = counts.get(token, 0) + 1
    return counts


if __name__ == "__main__":
    main()
