"""gradvec.KeyedVectors: gensim's answers on the same file, every format the command line reads,
numpy views of the C++ table, and errors as gensim raises them."""
import gzip
import os
import shutil
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import gradvec
from conftest import cli_error, require_gensim, structured_vectors, write_word2vec_text


def test_most_similar_equals_gensims(vector_file):
    gensim = require_gensim()
    theirs = gensim.models.KeyedVectors.load_word2vec_format(vector_file)
    ours = gradvec.KeyedVectors.load_word2vec_format(vector_file)
    assert ours.index_to_key == theirs.index_to_key
    for query in [dict(positive=["capital3"]),
                  dict(positive=["capital1", "country2"], negative=["capital2"], topn=7),
                  dict(positive="word5", negative=["word6", "word7"], topn=20),
                  dict(positive=["country9"], topn=5, restrict_vocab=100)]:
        for method in ["most_similar", "most_similar_cosmul"]:
            if method == "most_similar_cosmul" and "restrict_vocab" in query:
                continue  # gensim's most_similar_cosmul has no restrict_vocab
            mine, gensims = getattr(ours, method)(**query), getattr(theirs, method)(**query)
            assert [w for w, _ in mine] == [w for w, _ in gensims], (method, query)
            np.testing.assert_allclose([s for _, s in mine], [s for _, s in gensims], atol=1e-5)
    assert ours.similarity("capital1", "country1") == pytest.approx(
        theirs.similarity("capital1", "country1"), abs=1e-6)
    words = ["capital1", "capital2", "capital3", "country40"]
    assert ours.doesnt_match(words) == theirs.doesnt_match(words)


def test_most_similar_takes_vectors_weights_and_topn_none_as_gensim(vector_file):
    gensim = require_gensim()
    theirs = gensim.models.KeyedVectors.load_word2vec_format(vector_file)
    ours = gradvec.KeyedVectors.load_word2vec_format(vector_file)
    vector = theirs["capital4"] * 3 - theirs["word2"]  # not unit length: taken as it is
    for query in [dict(positive=[vector]),
                  dict(positive=vector, topn=4),
                  dict(positive=["capital1", vector], negative=[theirs["country8"]], topn=6),
                  dict(positive=np.vstack([vector, theirs["word3"]]), topn=5),
                  dict(positive=[("capital1", 2.0), ("country2", 0.5)],
                       negative=[("capital2", -1.5), "word9"], topn=8),
                  dict(positive=[(vector, 0.25), "word4"], topn=5, restrict_vocab=300)]:
        mine, gensims = ours.most_similar(**query), theirs.most_similar(**query)
        assert [w for w, _ in mine] == [w for w, _ in gensims], query
        np.testing.assert_allclose([s for _, s in mine], [s for _, s in gensims], atol=1e-5)
    for query in [dict(positive=[vector]), dict(positive=["capital1", vector],
                                                negative=["country3", theirs["word5"]])]:
        mine, gensims = ours.most_similar_cosmul(**query), theirs.most_similar_cosmul(**query)
        assert [w for w, _ in mine] == [w for w, _ in gensims], query
        # A long vector's shifted products reach the hundreds: float rounding is relative.
        np.testing.assert_allclose([s for _, s in mine], [s for _, s in gensims], rtol=1e-4)
    for query in [dict(positive=["capital1", ("word2", -0.5)], negative=[vector]),
                  dict(positive="word7", restrict_vocab=250)]:
        every = ours.most_similar(topn=None, **query)
        assert isinstance(every, np.ndarray) and every.dtype == np.float32
        np.testing.assert_allclose(every, theirs.most_similar(topn=None, **query), atol=1e-5)
    every = ours.most_similar_cosmul(positive=["capital1", vector], negative="word1", topn=None)
    np.testing.assert_allclose(every, theirs.most_similar_cosmul(
        positive=["capital1", vector], negative="word1", topn=None), rtol=1e-4, atol=1e-6)
    assert ours.most_similar("capital1", topn=0) == theirs.most_similar("capital1", topn=0) == []
    with pytest.raises(ValueError, match="must have 32 values, got 3"):
        ours.most_similar(positive=[np.ones(3)])
    with pytest.raises(TypeError, match="not \\(term, weight\\) pairs"):
        ours.most_similar_cosmul(positive=[("capital1", 2.0)])


def test_evaluate_word_analogies_equals_gensims(vector_file, analogy_file):
    gensim = require_gensim()
    theirs = gensim.models.KeyedVectors.load_word2vec_format(vector_file)
    ours = gradvec.KeyedVectors.load_word2vec_format(vector_file)
    scores = []
    for restrict in [300000, 500]:
        score, sections = ours.evaluate_word_analogies(analogy_file, restrict_vocab=restrict)
        their_score, their_sections = theirs.evaluate_word_analogies(
            analogy_file, restrict_vocab=restrict)
        assert score == pytest.approx(their_score)
        scores.append(score)
        assert [(s["section"], s["correct"], s["incorrect"]) for s in sections] == [
            (s["section"], len(s["correct"]), len(s["incorrect"])) for s in their_sections]
    # Right and wrong answers both: the whole file holds the random "mixed" section, while its
    # first 500 words are only capitals and countries.
    assert 0 < scores[0] < scores[1] == 1


def test_evaluate_word_pairs_equals_gensims(vector_file, tmp_path):
    gensim = require_gensim()
    theirs = gensim.models.KeyedVectors.load_word2vec_format(vector_file)
    ours = gradvec.KeyedVectors.load(vector_file)
    for count, restrict in [(30, 300000), (200, 300000), (12, 25)]:
        pairs = tmp_path / f"pairs{count}.txt"
        pairs.write_text("".join(f"capital{i}\tcountry{i + i % 3}\t{i % 7}\n" for i in range(count))
                         + "capital1\tunseen\t3\n")
        (pearson, pearson_p), (rho, rho_p), oov = ours.evaluate_word_pairs(
            pairs, restrict_vocab=restrict)
        their_pearson, their_spearman, their_oov = theirs.evaluate_word_pairs(
            str(pairs), restrict_vocab=restrict)
        assert [pearson, pearson_p, rho, rho_p] == pytest.approx(
            [*their_pearson, *their_spearman], abs=1e-6), (count, restrict)
        assert oov == pytest.approx(their_oov)
    # The p-values are not all near 0 or 1 (their digits are compared above).
    assert 1e-3 < ours.evaluate_word_pairs(tmp_path / "pairs12.txt", restrict_vocab=25)[0][1] < 0.9


def test_correlation_p_values_equal_scipys():
    stats = pytest.importorskip("scipy.stats")
    from gradvec.keyed_vectors import _correlation_p_value

    rng = np.random.default_rng(3)
    for n in [3, 4, 7, 30, 353, 999, 3000]:
        for r in [0.0, 1e-9, 0.05, -0.3, 0.5, 0.9, -0.999, 1.0]:
            # scipy's own, from data with that n: its p-value for the r it computes
            x = rng.normal(size=n)
            y = r * x + np.sqrt(max(0.0, 1 - r * r)) * rng.normal(size=n)
            result = stats.pearsonr(x, y)
            assert _correlation_p_value(result[0], n) == pytest.approx(
                result[1], rel=1e-9, abs=1e-15), (n, r)


def test_every_format_the_cli_reads(vector_file, tmp_path):
    gensim = require_gensim()
    words, rows = structured_vectors()
    reference = gensim.models.KeyedVectors.load_word2vec_format(vector_file)
    binary = tmp_path / "v.bin"
    reference.save_word2vec_format(str(binary), binary=True)
    glove = tmp_path / "v.glove.txt"
    glove.write_text("".join(w + " " + " ".join(repr(float(x)) for x in r) + "\n"
                             for w, r in zip(words, rows)))
    zipped = tmp_path / "v.vec.gz"
    with open(vector_file, "rb") as src, gzip.open(zipped, "wb") as dst:
        shutil.copyfileobj(src, dst)
    for path in [vector_file, binary, glove, zipped]:
        for load in [gradvec.KeyedVectors.load, gradvec.KeyedVectors.load_word2vec_format]:
            wv = load(path)
            assert wv.index_to_key == words, path
            np.testing.assert_array_equal(wv.vectors, rows)
    assert gradvec.KeyedVectors.load_word2vec_format(binary, binary=True).index_to_key == words
    assert len(gradvec.KeyedVectors.load(vector_file, limit=10)) == 10


def test_fasttext_bin_gives_unseen_words_their_ngram_vector(tmp_path):
    gensim = require_gensim()
    from gensim.models.fasttext import FastText, save_facebook_model

    sentences = [["the", "king", "rules", "the", "kingdom"], ["a", "queen", "rules", "too"]] * 20
    model = FastText(sentences, vector_size=16, min_count=1, epochs=2, bucket=1000, seed=1,
                     workers=1)
    path = tmp_path / "model.bin"
    save_facebook_model(model, str(path))
    wv = gradvec.KeyedVectors.load(path)
    assert set(wv.index_to_key) == set(model.wv.index_to_key)
    assert "kingly" in wv and "kingly" not in wv.key_to_index
    np.testing.assert_allclose(wv["kingly"], model.wv["kingly"], atol=1e-6)
    np.testing.assert_allclose(wv["king"], model.wv["king"], atol=1e-6)


def test_rows_are_views_of_the_table(vector_file, tmp_path):
    wv = gradvec.KeyedVectors.load(vector_file)
    row = wv["capital3"]
    assert np.shares_memory(row, wv.vectors)
    assert row.base is not None and row.dtype == np.float32 and wv.vectors.shape == (1000, 32)
    assert wv.vectors.__array_interface__["data"][0] == wv["capital0"].__array_interface__["data"][0]
    row[:] = wv["country7"] * 3
    assert wv["capital3"][0] == wv["country7"][0] * 3
    # The C++ table sees the write: the file it writes holds it, and fresh norms find it.
    out = tmp_path / "written.vec"
    wv.save_word2vec_format(out)
    np.testing.assert_array_equal(gradvec.KeyedVectors.load(out)["capital3"], row)
    wv.fill_norms(force=True)
    assert wv.most_similar("country7", topn=1)[0] == ("capital3", pytest.approx(1.0))
    vectors = wv.vectors
    del wv  # the array keeps the table alive
    assert vectors[0].sum() == vectors[0].sum()


def test_save_word2vec_format_round_trips(vector_file, tmp_path):
    wv = gradvec.KeyedVectors.load(vector_file)
    for binary in [False, True]:
        out = tmp_path / f"out{binary}"
        wv.save_word2vec_format(out, binary=binary)
        again = gradvec.KeyedVectors.load_word2vec_format(out, binary=binary)
        assert again.index_to_key == wv.index_to_key
        np.testing.assert_array_equal(again.vectors, wv.vectors)


def test_to_gensim(vector_file):
    require_gensim()
    wv = gradvec.KeyedVectors.load(vector_file)
    theirs = wv.to_gensim()
    assert theirs.index_to_key == wv.index_to_key
    np.testing.assert_array_equal(theirs.vectors, wv.vectors)
    assert not np.shares_memory(theirs.vectors, wv.vectors)


def test_unknown_words_raise_key_error_naming_them(vector_file):
    wv = gradvec.KeyedVectors.load(vector_file)
    for call in [lambda: wv["capitol3"], lambda: wv.most_similar("capitol3"),
                 lambda: wv.most_similar(positive=["capital1"], negative=["capitol3"]),
                 lambda: wv.similarity("capital1", "capitol3"), lambda: wv.get_index("capitol3"),
                 lambda: wv.get_vector("capitol3", norm=True)]:
        with pytest.raises(KeyError, match='capitol3.*did you mean: "capital3"'):
            call()
    assert "capitol3" not in wv and "capital3" in wv


def test_bad_input_raises_value_error_with_the_clis_message(gradvec_binary, tmp_path):
    bad = tmp_path / "bad.vec"
    bad.write_text("2 3\nking 1 2 3\nqueen 1 2\n")
    missing = tmp_path / "missing.vec"
    for path in [bad, missing]:
        expected = cli_error(gradvec_binary, "nearest", "--vectors", str(path), "king")
        with pytest.raises(ValueError) as raised:
            gradvec.KeyedVectors.load(path)
        assert str(raised.value) == expected
    with pytest.raises(ValueError, match="format: must be one of auto|glove"):
        gradvec.KeyedVectors.load(bad, format="nope")
    wv = gradvec.KeyedVectors.load(_ok_file(tmp_path))
    with pytest.raises(ValueError, match="questions"):
        wv.evaluate_word_analogies(tmp_path / "no_questions.txt")
    with pytest.raises(ValueError, match="cancel|zero"):
        wv.most_similar(positive=["king"], negative=["king"])
    with pytest.raises(TypeError):
        wv.most_similar(positive=[3])


def _ok_file(tmp_path):
    path = tmp_path / "ok.vec"
    write_word2vec_text(path, ["king", "queen", "zero"],
                        np.array([[1, 2, 3], [3, 2, 1], [0, 0, 0]], dtype=np.float32))
    return path


def test_reading_releases_the_gil(tmp_path):
    # A thread reads vectors from a FIFO, which blocks until a writer comes; the writer is this
    # interpreter's main thread, which can only run if the reading thread let go of the GIL.
    # In a child interpreter, so that a held GIL fails the test by its timeout instead of hanging.
    script = textwrap.dedent(f"""
        import os, threading
        import gradvec
        fifo = {str(tmp_path / "vectors.fifo")!r}
        os.mkfifo(fifo)
        loaded = []
        reader = threading.Thread(target=lambda: loaded.append(gradvec.KeyedVectors.load(fifo)))
        reader.start()
        with open(fifo, "w") as out:
            out.write("2 3\\nking 1 2 3\\nqueen 3 2 1\\n")
        reader.join()
        print(loaded[0].index_to_key)
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=60)
    assert run.stdout.strip() == "['king', 'queen']", run.stderr
