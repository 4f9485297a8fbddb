#!/usr/bin/env python3
"""gensim's side of phrases_check.sh: Phrases on a pre-tokenised corpus, and the corpus rewritten.

    gensim_phrases.py INPUT OUTPUT [--min-count 5] [--threshold 10.0] [--list FILE]

INPUT holds one sentence per line, tokens separated by spaces (tokenise_corpus.py's output, or
this script's own for a second pass). Trains gensim.models.phrases.Phrases(sentences,
min_count, threshold) with every other argument at gensim's default (scoring "default",
delimiter "_", no connector words), writes each sentence as phrases[sentence] to OUTPUT, one
per line, and prints "n N phrases P joins J": N is len(phrases.vocab), the scorer's len_vocab;
P is len(export_phrases()), which counts right only when no input token holds "_" (it splits
its keys at "_"); J is how many pairs were joined. --list writes export_phrases() as
"a_b score" lines, the score as repr() prints it (the shortest text that reads back as it).
"""
import argparse
import logging
import sys

from gensim.models.phrases import Phrases


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--min-count", type=int, default=5)
    parser.add_argument("--threshold", type=float, default=10.0)
    parser.add_argument("--list", help="write the phrases and their scores here")
    args = parser.parse_args()
    logging.disable(logging.INFO)
    try:
        with open(args.input, encoding="utf-8") as f:
            sentences = [line.split() for line in f]
    except OSError as e:
        sys.exit(f"gensim_phrases.py: cannot read {args.input}: {e.strerror}")
    phrases = Phrases(sentences, min_count=args.min_count, threshold=args.threshold)
    joins = 0
    with open(args.output, "w", encoding="utf-8") as out:
        for sentence in sentences:
            joined = phrases[sentence]
            joins += len(sentence) - len(joined)
            out.write(" ".join(joined) + "\n")
    found = phrases.export_phrases()
    if args.list:
        with open(args.list, "w", encoding="utf-8") as out:
            for phrase, score in found.items():
                out.write(f"{phrase} {score!r}\n")
    print(f"n {len(phrases.vocab)} phrases {len(found)} joins {joins}")


if __name__ == "__main__":
    main()
