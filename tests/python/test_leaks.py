"""No references leak through the bindings: 10,000 calls of each kind, answered or refused, leave
Python's heap (tracemalloc) and the objects' reference counts where they were."""
import sys
import tracemalloc

import gradvec


def calls(wv, word):
    yield lambda: wv.most_similar(word, topn=5)
    yield lambda: wv.most_similar_cosmul(positive=[word], negative=["word1"], topn=3)
    yield lambda: wv[word]
    yield lambda: wv.similarity(word, "word2")
    yield lambda: wv.get_vector(word, norm=True)
    yield lambda: wv.vectors


def refused(call):
    try:
        call()
    except KeyError:
        return
    raise AssertionError("expected a KeyError")


def test_ten_thousand_calls_leak_nothing(vector_file):
    wv = gradvec.KeyedVectors.load(vector_file)
    word = "capital3"
    unknown = "capitol3"
    runs = list(calls(wv, word)) + [lambda: refused(lambda: wv[unknown]),
                                    lambda: refused(lambda: wv.most_similar(unknown))]
    for call in runs:
        call()  # warm: first-use caches (the unit rows, interned strings)
    counts = (sys.getrefcount(word), sys.getrefcount(unknown), sys.getrefcount(wv._table))
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    for _ in range(10_000):
        for call in runs:
            call()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    assert grown < 64 * 1024, after.compare_to(before, "lineno")[:5]
    assert (sys.getrefcount(word), sys.getrefcount(unknown), sys.getrefcount(wv._table)) == counts
