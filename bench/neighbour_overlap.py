#!/usr/bin/env python3
"""How much two models agree on some words' nearest neighbours: bench/continue.sh's measure of
drift (an old model against its continuation) and of agreement (a continued model against one
trained from scratch).

    neighbour_overlap.py WORDS X Y [X Y ...] [--top 10]

For each pair of word2vec text files X, Y: for each word of WORDS (one a line) that both hold,
its --top nearest neighbours by cosine in X and in Y, searched among the words both models hold
(so a word one model lacks does not count as drift), and the Jaccard overlap of the two sets,
|X ∩ Y| / |X ∪ Y|: 1 when they agree, 0 when no neighbour is shared. Prints one line per pair:
"MEAN WORDS" (the mean overlap and over how many words).
"""
import argparse
import os
import sys

import numpy as np


def load(path, cache={}):
    """{word: row} of unit vectors from word2vec text, read once per path."""
    if path not in cache:
        with open(path, encoding="utf-8") as f:
            next(f)
            rows = [line.rstrip("\n").split(" ") for line in f]
        vectors = np.array([row[1:] for row in rows], dtype=np.float64)
        vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-12)
        cache[path] = {row[0]: vectors[i] for i, row in enumerate(rows)}
    return cache[path]


def neighbours(model, shared, words, top):
    """Each word's top nearest among `shared` (the word itself excluded), as sets."""
    table = np.array([model[w] for w in shared])
    similarity = np.array([model[w] for w in words]) @ table.T
    index = {w: i for i, w in enumerate(shared)}
    for row, word in enumerate(words):
        similarity[row, index[word]] = -np.inf
    best = np.argpartition(-similarity, top, axis=1)[:, :top]
    return [{shared[i] for i in row} for row in best]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("words")
    parser.add_argument("models", nargs="+", help="pairs of word2vec text files")
    parser.add_argument("--top", type=int, default=10)
    args = parser.parse_args()
    if len(args.models) % 2:
        sys.exit("neighbour_overlap.py: models come in pairs, got an odd number")
    for path in [args.words] + args.models:
        if not os.path.isfile(path):
            sys.exit(f"neighbour_overlap.py: {path} does not exist")
    with open(args.words, encoding="utf-8") as f:
        wanted = [line.strip() for line in f if line.strip()]
    for x_path, y_path in zip(args.models[::2], args.models[1::2]):
        x, y = load(x_path), load(y_path)
        shared = sorted(set(x) & set(y))
        words = [w for w in wanted if w in x and w in y]
        if not words or len(shared) <= args.top:
            sys.exit(f"neighbour_overlap.py: {x_path} and {y_path} share too few words")
        overlaps = [len(a & b) / len(a | b) for a, b in
                    zip(neighbours(x, shared, words, args.top), neighbours(y, shared, words, args.top))]
        print(f"{np.mean(overlaps):.4f} {len(words)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
