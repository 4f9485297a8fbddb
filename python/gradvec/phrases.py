"""Phrase detection, as `gradvec phrases` does it: word2vec's bigram score over a corpus file, and
the corpus rewritten with each phrase joined by "_" (docs/training.md)."""
import os

from gradvec.command import run


def detect(corpus_file, output, min_count=5, threshold=10.0, tokenizer="words", workers=2,
           phrases_file=None):
    """`gradvec phrases`: writes `output`, the corpus one sentence per line with its phrases
    joined, and, given phrases_file, the phrases found there ('a_b score' lines)."""
    args = ["phrases", "--corpus", os.fspath(corpus_file), "--output", os.fspath(output),
            "--min-count", min_count, "--threshold", threshold, "--tokenizer", tokenizer,
            "--threads", workers]
    if phrases_file is not None:
        args += ["--list", os.fspath(phrases_file)]
    run(*args)
