"""gradvec from Python: word vectors with gensim's API over gradvec's C++ engine.

    import gradvec
    wv = gradvec.KeyedVectors.load("vectors.vec")
    wv.most_similar("king", topn=5)

See docs/python.md.
"""
from gradvec import bpe, phrases, positions
from gradvec.keyed_vectors import KeyedVectors
from gradvec.word2vec import Word2Vec

__all__ = ["KeyedVectors", "Word2Vec", "bpe", "phrases", "positions"]
