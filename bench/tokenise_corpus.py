#!/usr/bin/env python3
"""Pre-tokenise a corpus the way gradvec's tokenizer does, so every tool sees identical tokens.

    tokenise_corpus.py INPUT OUTPUT [--repeat N]

Rule (gradvec's default): lowercase; a token is a maximal run of letters/digits with inner
apostrophes and underscores ("know't", "we'll" and a joined phrase "new_york" stay whole;
leading/trailing ones are dropped); all other punctuation separates tokens; each input line is
one sentence. Output: one sentence per line,
tokens separated by single spaces, lines without tokens dropped. gradvec leaves such a file
unchanged, so it can train on it too. --repeat N writes the tokenised text N times (the speed
benchmark's larger corpus). Prints "tokens: T, sentences: S" (of the whole output) on stdout.
"""
import argparse
import os
import re
import sys

# Named tokenise_corpus.py, not tokenize.py: a script's folder comes first on sys.path, and a
# tokenize.py there would shadow the standard library module that gensim (via inspect) imports.
# Letters are ASCII only; TinyShakespeare is ASCII, so for it the rule is exact.
TOKEN = re.compile(r"[a-z0-9]+(?:['_][a-z0-9]+)*")


def tokenise_lines(text):
    """Yields one space-joined sentence per non-empty input line."""
    for line in text.lower().splitlines():
        tokens = TOKEN.findall(line)
        if tokens:
            yield " ".join(tokens)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("input")
    parser.add_argument("output")
    parser.add_argument("--repeat", type=int, default=1, help="write the tokenised text N times")
    args = parser.parse_args()
    if args.repeat < 1:
        sys.exit(f"tokenise_corpus.py: --repeat must be >= 1, got {args.repeat}")
    try:
        with open(args.input, encoding="utf-8", errors="replace") as f:
            sentences = list(tokenise_lines(f.read()))
    except OSError as e:
        sys.exit(f"tokenise_corpus.py: cannot read corpus {args.input}: {e.strerror}")
    if not sentences:
        sys.exit(f"tokenise_corpus.py: corpus {args.input} contains no tokens")
    block = "\n".join(sentences) + "\n"
    # Atomic write: a reader never sees a half-written corpus.
    tmp = f"{args.output}.tmp.{os.getpid()}"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            for _ in range(args.repeat):
                f.write(block)
        os.replace(tmp, args.output)
    except OSError as e:
        sys.exit(f"tokenise_corpus.py: cannot write {args.output}: {e.strerror}")
    tokens = sum(len(s.split(" ")) for s in sentences) * args.repeat
    print(f"tokens: {tokens}, sentences: {len(sentences) * args.repeat}")


if __name__ == "__main__":
    main()
