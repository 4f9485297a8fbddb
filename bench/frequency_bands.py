#!/usr/bin/env python3
"""Analogy accuracy by word frequency: which questions a model gets right, split by how often
the rarest of a question's four words occurs in the training corpus.

    frequency_bands.py TOKENS QUESTIONS VEC... [--bands 20,100]

TOKENS is the tokenised corpus the vectors were trained on (bench/tokenise_corpus.py), used
only to count words; QUESTIONS is a word2vec analogy file (": section" lines and "a b c d"
lines); each VEC is a word2vec text file. Questions are answered by 3CosAdd over unit vectors,
the three question words excluded, as `gradvec eval analogy --method add` and gensim do; a
question with a word missing from a file counts as wrong for it. Prints one line per file:
"VEC: band1 C/N (P%), band2 ..., all C/N (P%)". Needs numpy only.
"""
import argparse
import collections
import sys

import numpy as np

from analogies import read_sections  # bench/analogies.py: the one parser of question files


def read_vectors(path):
    with open(path, encoding="utf-8") as f:
        rows, dim = (int(x) for x in f.readline().split())
        words, data = [], np.empty((rows, dim), dtype=np.float32)
        for i, line in enumerate(f):
            fields = line.rstrip("\n").split(" ")
            words.append(fields[0])
            data[i] = np.asarray(fields[1:dim + 1], dtype=np.float32)
    norms = np.linalg.norm(data, axis=1, keepdims=True)
    return {w: i for i, w in enumerate(words)}, data / np.maximum(norms, 1e-12)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tokens")
    parser.add_argument("questions")
    parser.add_argument("vectors", nargs="+")
    parser.add_argument("--bands", default="20,100",
                        help="upper bounds (exclusive) of the rarer bands, comma-separated")
    args = parser.parse_args()
    bounds = [int(b) for b in args.bands.split(",")]
    counts = collections.Counter()
    with open(args.tokens, encoding="utf-8") as f:
        for line in f:
            counts.update(line.split())
    with open(args.questions, encoding="utf-8") as f:
        sections = read_sections(f, 4, args.questions)
    questions = []
    for section in sections.values():
        for words in section:
            rarest = min(counts[w] for w in words)
            band = sum(rarest >= b for b in bounds)  # 0: rarest band
            questions.append((words, band))
    names = [f"<{bounds[0]}"] + [f"{lo}-{hi - 1}" for lo, hi in zip(bounds, bounds[1:])] + \
        [f">={bounds[-1]}"]
    for path in args.vectors:
        index, unit = read_vectors(path)
        right, total = [0] * len(names), [0] * len(names)
        for (a, b, c, d), band in questions:
            total[band] += 1
            if not all(w in index for w in (a, b, c, d)):
                continue
            scores = unit @ (unit[index[b]] - unit[index[a]] + unit[index[c]])
            scores[[index[a], index[b], index[c]]] = -np.inf
            right[band] += int(np.argmax(scores) == index[d])
        parts = [f"{n} {r}/{t} ({100 * r / max(t, 1):.2f}%)" for n, r, t in zip(names, right, total)]
        parts.append(f"all {sum(right)}/{sum(total)} ({100 * sum(right) / sum(total):.2f}%)")
        print(f"{path}: " + ", ".join(parts))


if __name__ == "__main__":
    main()
