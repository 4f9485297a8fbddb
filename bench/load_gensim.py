"""Times gensim loading a GloVe text file; prints one line per repetition: `seconds`.

Timed inside one process around the load call alone, so gensim's ~1 s import is not held
against it. Usage: load_gensim.py FILE REPETITIONS
"""
import sys
import time

from gensim.models import KeyedVectors


def main() -> None:
    path, repetitions = sys.argv[1], int(sys.argv[2])
    for _ in range(repetitions):
        start = time.perf_counter()
        vectors = KeyedVectors.load_word2vec_format(path, no_header=True)
        print(f"{time.perf_counter() - start:.6f}", flush=True)
    print(f"gensim: {len(vectors)} words x {vectors.vector_size} dims", file=sys.stderr)


if __name__ == "__main__":
    main()
