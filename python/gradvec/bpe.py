"""Byte-level BPE, as `gradvec bpe` trains, encodes and decodes it (text/bpe/)."""
import os

from gradvec import _core
from gradvec.command import run


def load(path):
    """A BPE file (`gradvec bpe train` wrote it): .encode(str) -> [int], .decode([int]) -> str,
    len() its tokens. decode(encode(text)) == text for any text."""
    return _core.BpeTokenizer(os.fspath(path))


def train(corpus_file, output, vocab_size=4096):
    """`gradvec bpe train --corpus CORPUS_FILE --vocab-size N --output OUTPUT`; returns load(output)."""
    run("bpe", "train", "--corpus", os.fspath(corpus_file), "--vocab-size", vocab_size,
        "--output", os.fspath(output))
    return load(output)
