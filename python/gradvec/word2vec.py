"""Word2Vec: gensim 4's Word2Vec API over `gradvec train`, run in this process.

Every run is one `gradvec train` command line run in this process: the same trainer, the
same checks and messages, the same checkpoints (gradvec.command.run). A corpus_file is read by the trainer itself, as
gensim's corpus_file is (one sentence per line, tokens split at whitespace: --tokenizer
whitespace); `sentences` are streamed into a file of that form in a temporary directory, one
sentence at a time, so the corpus is never held as Python objects. A run's vectors and
checkpoint are kept in memory (_MemoryFile), as gensim keeps its model.

Where the defaults differ from gensim's: sg=1 (skip-gram, gradvec's default; gensim's is CBOW),
and alpha is used for CBOW too (gradvec train's own CBOW default is 0.05). min_alpha cannot be
set (ValueError): the rate decays linearly from alpha to zero, floored at alpha x 1e-4.
"""
import os
import re
import shutil
import tempfile
import weakref

from gradvec.command import run
from gradvec.keyed_vectors import KeyedVectors


# A line of tokens as the trainer reads them back: runs without whitespace, one space apart.
_TOKENS_LINE = re.compile(r"\S+(?: \S+)*")


def _spool(sentences, path):
    """Writes each sentence (a list of str tokens) as one line; returns how many were written."""
    count = 0
    with open(path, "w", encoding="utf-8", errors="surrogateescape") as out:
        for count, sentence in enumerate(sentences, 1):
            if isinstance(sentence, str):
                raise TypeError(f"sentences[{count - 1}] is a str: each sentence is a list of "
                                "tokens (e.g. line.split())")
            if not isinstance(sentence, (list, tuple)):
                sentence = list(sentence)  # counted and joined below
            try:
                line = " ".join(sentence)
            except TypeError:
                line = None  # a token that is no str: named below
            # The line reads back as the same tokens when it is runs of non-space one space
            # apart, as many as the tokens (a token holding a space would make two runs, an
            # empty one two spaces): one C-speed check, where a check of each token's
            # characters took as long as training.
            if line is None or (line and not _TOKENS_LINE.fullmatch(line)) or (
                    line.count(" ") + 1 if line else 0) != len(sentence):
                _refuse_tokens(sentence, count - 1)
            out.write(line)
            out.write("\n")
    if count == 0:
        raise ValueError("sentences: holds no sentence")
    return count


def _refuse_tokens(sentence, index):
    """Raises the error that names sentence `index`'s first token that is not one."""
    for token in sentence:
        if not isinstance(token, str) or not token or any(c.isspace() for c in token):
            raise ValueError(f"sentences[{index}]: {token!r} is not a token: tokens are "
                             "non-empty str without whitespace")
    raise AssertionError("_refuse_tokens: every token of the sentence is one")


class _MemoryFile:
    """A file in memory (memfd), by a name every reader and writer of the command line takes:
    /proc/self/fd/N, written in place (tools: a descriptor is never replaced or synced). A run's
    vectors and checkpoint go there, so that a model lives in memory as gensim's does, and a
    run writes and syncs nothing to disk that the command line's own run would not."""

    def __init__(self, name):
        fd = os.memfd_create(name)
        self.path = f"/proc/self/fd/{fd}"
        weakref.finalize(self, os.close, fd)


class Word2Vec:
    """Skip-gram or CBOW vectors trained by gradvec: gensim's parameter names, gradvec's engine.

    gradvec's own options are keywords too: subwords (fastText's model), minn, maxn, buckets,
    tokenizer ("whitespace", "words" or a BPE file), batch, optimizer, checkpoint (where Ctrl-C
    keeps the run, and where it is kept at the end), quiet.
    """

    def __init__(self, sentences=None, corpus_file=None, vector_size=100, alpha=0.025, window=5,
                 min_count=5, max_vocab_size=None, sample=1e-3, seed=1, workers=3,
                 min_alpha=None, sg=1, hs=0, negative=5, epochs=5, max_final_vocab=None,
                 subwords=False, minn=3, maxn=6, buckets=2000000, tokenizer="whitespace",
                 batch=None, optimizer=None, checkpoint=None, quiet=False):
        if min_alpha is not None:
            raise ValueError(
                f"min_alpha={min_alpha!r}: gradvec's rate decays linearly from alpha to 0 over "
                "the run (floored at alpha x 1e-4, as word2vec.c's), and no other final rate "
                "can be set: leave min_alpha out")
        self.vector_size, self.window, self.min_count, self.epochs = vector_size, window, min_count, epochs
        self.sg, self.hs, self.negative, self.alpha = sg, hs, negative, alpha
        self.sample, self.seed, self.workers = sample, seed, workers
        self.max_vocab_size, self.max_final_vocab = max_vocab_size, max_final_vocab
        self.subwords, self.minn, self.maxn, self.buckets = subwords, minn, maxn, buckets
        self.tokenizer, self.batch, self.optimizer = tokenizer, batch, optimizer
        self.checkpoint, self.quiet = checkpoint, quiet
        self._state = tempfile.TemporaryDirectory(prefix="gradvec-")
        self._model = None  # the last run's checkpoint (a _MemoryFile): what save() keeps and
        # train() continues
        self.corpus_count = None  # sentences in the last `sentences` trained on
        self.wv = None
        if sentences is not None or corpus_file is not None:
            self.train(sentences, corpus_file=corpus_file)

    def _options(self):
        """The run's options as `gradvec train` spells them."""
        options = ["--dim", self.vector_size, "--window", self.window, "--min-count",
                   self.min_count, "--sample", self.sample, "--seed", self.seed,
                   "--threads", self.workers, "--model", "skipgram" if self.sg else "cbow",
                   "--lr", self.alpha, "--tokenizer", self.tokenizer]
        if self.hs:
            if self.negative:
                raise ValueError("hs=1 with negative > 0: gradvec trains one loss; "
                                 "pass negative=0 for hierarchical softmax")
            options += ["--loss", "hs"]
        else:
            options += ["--loss", "sgns", "--negative", self.negative]
        for flag, value in [("--max-vocab-size", self.max_vocab_size),
                            ("--max-vocab", self.max_final_vocab), ("--batch", self.batch),
                            ("--optimizer", self.optimizer)]:
            if value is not None:
                options += [flag, value]
        if self.subwords:
            options += ["--subwords", "--minn", self.minn, "--maxn", self.maxn,
                        "--buckets", self.buckets]
        return options

    def train(self, corpus_iterable=None, corpus_file=None, total_examples=None, total_words=None,
              epochs=None):
        """Trains on the sentences (any iterable of token lists) or the file: a fresh model the
        first time, then continuing this one as `gradvec train --init` does (its words kept,
        the corpus's new words at min_count added). total_examples and total_words are taken for
        gensim's calls and not needed: the trainer counts the corpus itself."""
        # A model continued keeps its own options; this run's threads are the caller's.
        options = (["--init", self._model.path, "--threads", self.workers] if self._model
                   else self._options())
        return self._run(corpus_iterable, corpus_file, ["--epochs", epochs or self.epochs] + options)

    @classmethod
    def resume(cls, checkpoint, sentences=None, corpus_file=None, **params):
        """Finishes the run a checkpoint stopped (Ctrl-C, or checkpoint= at its end), on the same
        sentences or file, as `gradvec train --resume` does: at one thread, the vectors an
        uninterrupted run trains, bit for bit. params: the constructor's, for this run (workers,
        quiet, subwords for a fastText model's output, checkpoint)."""
        model = cls(**params)
        threads = ["--threads", model.workers] if "workers" in params else []
        return model._run(sentences, corpus_file, ["--resume", os.fspath(checkpoint)] + threads)

    def _run(self, corpus_iterable, corpus_file, options):
        """One `gradvec train` on the sentences or the file with `options`; keeps its checkpoint
        (what save() writes and train() continues) and reads its vectors into wv."""
        if (corpus_iterable is None) == (corpus_file is None):
            raise TypeError("train: give either sentences (corpus_iterable) or corpus_file")
        if corpus_file is None:
            corpus_file = os.path.join(self._state.name, "sentences.txt")
            self.corpus_count = _spool(corpus_iterable, corpus_file)
        model, vectors = _MemoryFile("gradvec-model"), _MemoryFile("gradvec-vectors")
        args = ["train", "--corpus", os.fspath(corpus_file), "--output", vectors.path,
                "--output-format", "fasttext-bin" if self.subwords else "w2v-bin",
                "--checkpoint", self.checkpoint or model.path]
        args += ["--quiet"] if self.quiet else []
        run(*args, *options, quiet=self.quiet)
        if self.checkpoint:
            shutil.copyfile(self.checkpoint, model.path)
        self._model = model
        self.wv = KeyedVectors.load(vectors.path)
        return self

    def save(self, fname):
        """Writes gradvec's checkpoint to `fname` (what `gradvec train --init` and --resume read),
        and the vectors beside it in `fname`.vectors, as gensim keeps large arrays beside its file."""
        if self._model is None:
            raise ValueError("save: the model is not trained yet")
        shutil.copyfile(self._model.path, fname)
        self.wv.save_word2vec_format(os.fspath(fname) + ".vectors", binary=True)

    @classmethod
    def load(cls, fname):
        """A model save() wrote: training continues it with train()."""
        model = cls()
        model._model = _MemoryFile("gradvec-model")
        shutil.copyfile(fname, model._model.path)
        model.wv = KeyedVectors.load(os.fspath(fname) + ".vectors")
        return model
