"""KeyedVectors: gensim 4's KeyedVectors API over gradvec's vector table (gradvec._core.Vectors).

The rows live in the C++ table; `vectors` and `wv[word]` are numpy views of them, not copies.
Every query runs the command line's code (tools/vectors/), so answers equal `gradvec nearest`,
`gradvec analogy` and `gradvec eval`'s, and gensim's.
"""
import math
from collections import namedtuple

import numpy as np

from gradvec import _core


def _listed(items):
    """gensim's query arguments: one word or vector, or a list of them (a 2-D array: its rows)."""
    if items is None:
        return []
    if isinstance(items, str) or isinstance(items, np.ndarray) and items.ndim == 1:
        return [items]
    return list(items)


def _weighted(items, weight):
    """(term, weight) pairs, as gensim weighs them: a word or vector alone takes `weight`, a
    (term, w) pair keeps its w."""
    return [item if isinstance(item, tuple) else (item, weight) for item in _listed(items)]


CorrelationResult = namedtuple("CorrelationResult", ["statistic", "pvalue"])


def _correlation_p_value(r, n):
    """The two-sided p-value of correlation r over n pairs, as scipy's pearsonr and spearmanr
    compute it: Student's t with n - 2 degrees of freedom, whose two tails are the regularised
    incomplete beta I_{1 - r^2}((n - 2) / 2, 1 / 2). Two pairs always correlate fully: 1.0,
    pearsonr's answer (spearmanr's is nan)."""
    r = min(abs(r), 1.0)
    if n <= 2 or r == 0.0:
        return 1.0
    if r == 1.0:
        return 0.0
    # 1 - r^2 as (1 - r)(1 + r): an r within rounding of 1 keeps the digits of its distance.
    return _incomplete_beta((n - 2) / 2, 0.5, (1.0 - r) * (1.0 + r), r * r)


def _incomplete_beta(a, b, x, one_minus_x):
    """I_x(a, b), 0 < x < 1, by its continued fraction (Numerical Recipes' betai); 1 - x is
    given apart, so that an x near 1 keeps the digits of its complement."""
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x)
                     + b * math.log(one_minus_x))
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, one_minus_x) / b


def _beta_fraction(a, b, x):
    """The continued fraction of I_x(a, b), by Lentz's method, to double precision."""
    tiny = 1e-300

    def kept(value):  # a zero denominator would stop the recurrence: Lentz's shift
        return value if abs(value) > tiny else tiny

    c, d = 1.0, 1.0 / kept(1.0 - (a + b) * x / (a + 1))
    fraction = d
    for m in range(1, 100000):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 / kept(1.0 + numerator * d)
            c = kept(1.0 + numerator / c)
            fraction *= d * c
        if abs(d * c - 1.0) < 1e-16:
            return fraction
    raise ArithmeticError(f"incomplete beta I_{x}({a}, {b}) did not converge")


class KeyedVectors:
    """Words and one float32 row per word, read from any file the command line reads."""

    def __init__(self, table):
        self._table = table
        self.vectors = table.table  # (V, d) float32, a view of the C++ rows
        self.index_to_key = table.words()
        self.key_to_index = {word: i for i, word in enumerate(self.index_to_key)}

    @classmethod
    def load(cls, path, format="auto", limit=None):
        """Reads a vector file: GloVe, word2vec text or binary, fastText .vec or .bin, gzip'd or not.

        format: "auto" (detected from the content, as the command line does), or one of the
        command line's --vectors-format names: "glove", "w2v", "w2v-bin", "fasttext-bin".
        limit: keep the first `limit` words only. A file that cannot be read raises ValueError
        with the command line's one-line message.
        """
        return cls(_core.Vectors.read(str(path), format, limit or 0))

    @classmethod
    def load_word2vec_format(cls, fname, binary=None, limit=None, no_header=False):
        """gensim's name for load(). binary=True reads word2vec binary; binary=None or False detect
        the format from the content (so a GloVe file or a fastText .bin reads too); no_header=True
        reads GloVe."""
        if no_header:
            return cls.load(fname, "glove", limit)
        return cls.load(fname, "w2v-bin" if binary else "auto", limit)

    def save_word2vec_format(self, fname, binary=False):
        """Writes word2vec text (binary=False) or binary, atomically."""
        self._table.write(str(fname), "w2v-bin" if binary else "w2v")

    @property
    def vector_size(self):
        return self._table.dim

    def __len__(self):
        return len(self.index_to_key)

    def __contains__(self, key):
        """Whether the word has a vector: a row, or (fastText model) n-grams."""
        if key in self.key_to_index:
            return True
        try:
            self._table.vector_outside_vocabulary(key)
        except KeyError:
            return False
        return True

    def has_index_for(self, key):
        return key in self.key_to_index

    def get_index(self, key):
        try:
            return self.key_to_index[key]
        except KeyError:
            self._table.vector_outside_vocabulary(key)  # raises KeyError with close spellings
            raise KeyError(key) from None  # a fastText word from n-grams has no index

    def get_vector(self, key, norm=False):
        """The word's row as a view of the table (norm=False), or its unit vector (a copy).
        For a fastText model, a word outside the vocabulary gets its vector from its n-grams."""
        if norm:
            return self._table.unit_vector(key)
        index = self.key_to_index.get(key)
        if index is None:
            return self._table.vector_outside_vocabulary(key)
        return self.vectors[index]

    def __getitem__(self, key):
        if isinstance(key, str):
            return self.get_vector(key)
        return np.vstack([self.get_vector(k) for k in key])

    def fill_norms(self, force=False):
        """Queries run on unit rows computed once; after writing to `vectors`, call
        fill_norms(force=True) so they see the new values (as in gensim)."""
        if force:
            self._table.refresh_index()

    def most_similar(self, positive=None, negative=None, topn=10, restrict_vocab=None):
        """[(word, cosine)] best first, query words excluded: gensim's most_similar. positive and
        negative hold words, vectors (numpy, taken as they are) or (word or vector, weight)
        pairs; alone, a word or vector weighs 1 in positive and -1 in negative. topn=None: the
        cosine of every word (of the first restrict_vocab), a numpy array."""
        if topn is not None and topn < 1:
            return []
        return self._table.most_similar(_weighted(positive, 1.0), _weighted(negative, -1.0),
                                        topn, restrict_vocab or 0, False)

    def most_similar_cosmul(self, positive=None, negative=None, topn=10, restrict_vocab=None):
        """[(word, score)] by 3CosMul (Levy & Goldberg 2014): gensim's most_similar_cosmul.
        Words or vectors (a vector's dot products shifted as cosines, as gensim does), no
        weights; topn=None: every word's score, a numpy array."""
        if topn is not None and topn < 1:
            return []
        positive, negative = _listed(positive), _listed(negative)
        if any(isinstance(item, tuple) for item in positive + negative):
            raise TypeError("most_similar_cosmul takes words and vectors, not (term, weight) "
                            "pairs (as gensim's)")
        return self._table.most_similar([(term, 1.0) for term in positive],
                                        [(term, 1.0) for term in negative], topn,
                                        restrict_vocab or 0, True)

    def similar_by_word(self, word, topn=10, restrict_vocab=None):
        return self.most_similar(positive=[word], topn=topn, restrict_vocab=restrict_vocab)

    def similarity(self, w1, w2):
        """Cosine of the two words' vectors."""
        return self._table.similarity(w1, w2)

    def doesnt_match(self, words):
        """The word furthest from the mean of the words' unit vectors (gensim's doesnt_match;
        words without a vector are left out)."""
        used = [w for w in _listed(words) if w in self]
        if not used:
            raise ValueError("doesnt_match: none of the words has a vector")
        units = np.vstack([self._table.unit_vector(w) for w in used])
        mean = units.mean(axis=0)
        mean /= np.linalg.norm(mean)
        return used[int(np.argmin(units @ mean))]

    def evaluate_word_analogies(self, analogies, restrict_vocab=300000, case_insensitive=True,
                                similarity_function="most_similar"):
        """(accuracy, sections), counted as gensim counts: sections are dicts with "section",
        "correct" and "incorrect" — counts here, where gensim lists the questions — the last
        one "Total accuracy". similarity_function "most_similar_cosmul" scores by 3CosMul."""
        cosmul = {"most_similar": False, "most_similar_cosmul": True}.get(similarity_function)
        if cosmul is None:
            raise ValueError("similarity_function: must be most_similar or most_similar_cosmul, "
                             f"got {similarity_function!r}")
        rows = self._table.evaluate_analogies(str(analogies), restrict_vocab or 0,
                                              case_insensitive, cosmul)
        sections = [{"section": name, "correct": correct, "incorrect": seen - correct}
                    for name, correct, seen, _ in rows]
        sections[-1]["section"] = "Total accuracy"
        _, correct, seen, _ = rows[-1]
        return (correct / seen if seen else 0.0), sections

    def evaluate_word_pairs(self, pairs, restrict_vocab=300000, case_insensitive=True):
        """(pearson, spearman, oov_ratio) as gensim returns them: pearson and spearman are
        (statistic, pvalue) pairs (named so too), the correlations of the pairs' human scores
        with their cosines and their two-sided p-values as scipy computes them; oov_ratio is
        the percentage of pairs skipped for a word without a vector. The pairs are read and
        scored by `gradvec eval similarity`'s code."""
        pearson, spearman, used, skipped = self._table.evaluate_similarity(
            str(pairs), restrict_vocab or 0, case_insensitive)
        return (CorrelationResult(pearson, _correlation_p_value(pearson, used)),
                CorrelationResult(spearman, _correlation_p_value(spearman, used)),
                100.0 * skipped / (used + skipped))

    def to_gensim(self):
        """A gensim.models.KeyedVectors holding a copy of the words and rows (needs gensim)."""
        from gensim.models import KeyedVectors as GensimKeyedVectors

        out = GensimKeyedVectors(self.vector_size, dtype=np.float32)
        out.add_vectors(self.index_to_key, np.array(self.vectors))
        return out
