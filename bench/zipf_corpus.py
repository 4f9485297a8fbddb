#!/usr/bin/env python3
"""Writes a seeded synthetic corpus whose word frequencies follow Zipf's law.

    /usr/bin/python3 bench/zipf_corpus.py --output FILE [--tokens N] [--types V] [--exponent S]
                                          [--seed K]

Word w_r (rank r = 1..V) is drawn with probability proportional to r^-S, each token
independently, so the text has a real corpus's vocabulary curve (millions of distinct words,
most of them rare) and none of its meaning: it measures speed and memory, not quality. Words
are the ranks written in bijective base 26 (a..z, aa..zz, ...), so frequent words are short as
in English. Lines hold 10 to 30 tokens. The defaults (100 M tokens over 5 M types at S = 1.1)
give 3,469,664 distinct words, 755,761 of them seen 5 times or more. The same arguments give
the same bytes; the file is written under a temporary name and renamed.
"""
import argparse
import os
import sys

import numpy as np

CHUNK_TOKENS = 4_000_000


def word_of(rank0):
    """Bijective base 26: 0 -> a, 25 -> z, 26 -> aa."""
    letters = []
    n = rank0 + 1
    while n > 0:
        n, digit = divmod(n - 1, 26)
        letters.append(chr(ord("a") + digit))
    return "".join(reversed(letters))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", required=True)
    parser.add_argument("--tokens", type=int, default=100_000_000)
    parser.add_argument("--types", type=int, default=5_000_000)
    parser.add_argument("--exponent", type=float, default=1.1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.tokens < 1 or args.types < 1 or not args.exponent > 0:
        sys.exit("zipf_corpus.py: --tokens, --types and --exponent must be positive")

    rng = np.random.default_rng(args.seed)
    weights = np.arange(1, args.types + 1, dtype=np.float64) ** -args.exponent
    cdf = np.cumsum(weights)
    cdf /= cdf[-1]
    words = np.array([word_of(r) for r in range(args.types)], dtype=object)

    temporary = args.output + ".tmp"
    written = 0
    with open(temporary, "w", encoding="ascii") as out:
        while written < args.tokens:
            n = min(CHUNK_TOKENS, args.tokens - written)
            ranks = np.searchsorted(cdf, rng.random(n), side="right")
            tokens = words[np.minimum(ranks, args.types - 1)]
            lengths = rng.integers(10, 31, size=n // 10 + 1)
            ends = np.cumsum(lengths)
            ends = ends[ends < n]
            lines = np.split(tokens, ends)
            out.write("\n".join(" ".join(line) for line in lines))
            out.write("\n")
            written += n
    os.replace(temporary, args.output)
    print(f"{args.output}: {written} tokens over {args.types} types (exponent {args.exponent}, "
          f"seed {args.seed}), {os.path.getsize(args.output)} bytes")


if __name__ == "__main__":
    main()
