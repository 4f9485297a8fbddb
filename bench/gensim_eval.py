#!/usr/bin/env python3
"""Scores a word2vec text file on an analogy set with gensim's evaluate_word_analogies.

    gensim_eval.py VECTORS QUESTIONS [--restrict 30000]

An independent second opinion on `gradvec eval analogy --method add`: gensim answers each
question "a b c d" with the word nearest (cosine) to b - a + c over unit vectors, excluding a, b
and c, among the --restrict most frequent words (file order), case-insensitively, and skips a
question when one of its words is outside that vocabulary. The last line printed has gradvec's
format: "total: C/S correct (P%), S/N questions seen", so one parser reads both evaluators.
"""
import argparse
import logging
import os
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("vectors", help="word2vec text format, most frequent word first")
    parser.add_argument("questions", help="questions-words format")
    parser.add_argument("--restrict", type=int, default=30000)
    args = parser.parse_args()
    for path in (args.vectors, args.questions):
        if not os.path.isfile(path):
            sys.exit(f"gensim_eval.py: {path} does not exist")

    # Imported after argument checks so that --help and usage errors are instant.
    from gensim.models import KeyedVectors

    logging.disable(logging.INFO)  # gensim logs every section at INFO level
    vectors = KeyedVectors.load_word2vec_format(args.vectors, binary=False)
    _, sections = vectors.evaluate_word_analogies(args.questions, restrict_vocab=args.restrict,
                                                  case_insensitive=True)
    with open(args.questions, encoding="utf-8") as f:
        total = sum(1 for line in f if line.strip() and not line.startswith(":"))
    for section in sections:
        correct, seen = len(section["correct"]), len(section["correct"]) + len(section["incorrect"])
        percent = 100.0 * correct / seen if seen else 0.0
        if section["section"] == "Total accuracy":
            print(f"total: {correct}/{seen} correct ({percent:.2f}%), {seen}/{total} questions seen")
        else:
            print(f"{section['section']}: {correct}/{seen} correct ({percent:.2f}%)")


if __name__ == "__main__":
    main()
