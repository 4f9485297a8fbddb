"""gradvec.Word2Vec: `gradvec train` driven from Python — a list of sentences trains what the same
text in a file trains, checkpoints save, load and continue, Ctrl-C raises KeyboardInterrupt."""
import os
import re
import signal
import subprocess
import sys
import textwrap
import threading
import time

import numpy as np
import pytest

import gradvec
from gradvec.keyed_vectors import KeyedVectors


def shakespeare_lines(source_dir, count=4000):
    with open(os.path.join(source_dir, "data", "tinyshakespeare.txt"), encoding="utf-8") as text:
        return [line.split() for line, _ in zip(text, range(count)) if line.split()]


OPTIONS = dict(vector_size=24, window=3, min_count=3, epochs=2, workers=1, seed=5, quiet=True)


def test_sentences_train_what_the_same_file_trains(source_dir, tmp_path, gradvec_binary):
    sentences = shakespeare_lines(source_dir)
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("".join(" ".join(s) + "\n" for s in sentences))
    from_list = gradvec.Word2Vec(sentences, **OPTIONS)
    from_file = gradvec.Word2Vec(corpus_file=str(corpus), **OPTIONS)
    assert from_list.wv.index_to_key == from_file.wv.index_to_key
    assert len(from_list.wv) > 500 and from_list.wv.vector_size == 24
    np.testing.assert_array_equal(from_list.wv.vectors, from_file.wv.vectors)
    # ... and the command line, given the same options, trains the same vectors.
    out = tmp_path / "cli.bin"
    subprocess.run([gradvec_binary, "train", "--corpus", str(corpus), "--output", str(out),
                    "--output-format", "w2v-bin", "--dim", "24", "--window", "3",
                    "--min-count", "3", "--epochs", "2", "--threads", "1", "--seed", "5",
                    "--tokenizer", "whitespace", "--quiet"], check=True, capture_output=True)
    np.testing.assert_array_equal(KeyedVectors.load(out).vectors, from_list.wv.vectors)


def test_bad_sentences_and_options_are_refused_as_the_cli_refuses_them(tmp_path):
    with pytest.raises(TypeError, match=r"sentences\[1\] is a str"):
        gradvec.Word2Vec([["a", "b"], "c d"], **OPTIONS)
    with pytest.raises(ValueError, match=r"sentences\[0\]: 'a b' is not a token"):
        gradvec.Word2Vec([["a b"]], **OPTIONS)
    for bad, token in [(["a", "", "b"], "''"), (["a", "b\tc"], r"'b\\tc'"), ([""], "''"),
                       (["a", 3], "3"), (["x", "a\u00a0b"], r"'a\\xa0b'"), (("a", " "), "' '")]:
        with pytest.raises(ValueError, match=rf"sentences\[1\]: {token} is not a token"):
            gradvec.Word2Vec([["fine"], bad], **OPTIONS)
    with pytest.raises(ValueError, match="--window: must be an integer in"):
        gradvec.Word2Vec([["a", "b"]], **dict(OPTIONS, window=0))
    with pytest.raises(ValueError, match="no/such/file.txt"):
        gradvec.Word2Vec(corpus_file="no/such/file.txt", **OPTIONS)
    # gensim's final rate has no counterpart: refused, saying how gradvec's rate decays.
    with pytest.raises(ValueError, match=r"^min_alpha=0.0001: gradvec's rate decays linearly "
                                         r"from alpha to 0 .* leave min_alpha out$"):
        gradvec.Word2Vec([["a", "b"]], min_alpha=0.0001, **OPTIONS)


def test_save_load_and_continue(source_dir, tmp_path):
    sentences = shakespeare_lines(source_dir, 2000)
    model = gradvec.Word2Vec(sentences, **OPTIONS)
    model.save(tmp_path / "m.model")
    loaded = gradvec.Word2Vec.load(tmp_path / "m.model")
    loaded.quiet, loaded.workers = True, 1
    np.testing.assert_array_equal(loaded.wv.vectors, model.wv.vectors)
    more = [["zounds", "quoth", "the", "king"]] * 5 + shakespeare_lines(source_dir, 3000)[2000:]
    loaded.train(more, total_examples=len(more), epochs=2)  # as gensim's users call it
    assert loaded.corpus_count == len(more)
    assert "zounds" in loaded.wv.key_to_index and "zounds" not in model.wv.key_to_index
    # The words it had are kept, and training moved their vectors.
    assert set(model.wv.index_to_key) < set(loaded.wv.index_to_key)
    assert not np.array_equal(loaded.wv["the"], model.wv["the"])


def test_ctrl_c_raises_keyboard_interrupt_and_the_run_resumes_bit_for_bit(source_dir, tmp_path):
    corpus = os.path.join(source_dir, "data", "tinyshakespeare.txt")
    options = dict(epochs=40, workers=1, vector_size=32, quiet=True)
    # In a child interpreter, which sends itself SIGINT once training runs.
    script = textwrap.dedent(f"""
        import os, signal, threading, time
        import gradvec
        threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
        try:
            gradvec.Word2Vec(corpus_file={corpus!r}, checkpoint={str(tmp_path / "stopped.ckpt")!r},
                             **{options!r})
        except KeyboardInterrupt:
            print("KeyboardInterrupt")
        # The interpreter has its Ctrl-C back.
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(5)
        except KeyboardInterrupt:
            print("and again")
    """)
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=300)
    assert run.stdout.split("\n")[:2] == ["KeyboardInterrupt", "and again"], run.stderr
    assert "interrupted" in run.stderr or "stopped" in run.stderr, run.stderr
    resumed = gradvec.Word2Vec.resume(tmp_path / "stopped.ckpt", corpus_file=corpus, workers=1,
                                      quiet=True)
    whole = gradvec.Word2Vec(corpus_file=corpus, **options)
    assert resumed.wv.index_to_key == whole.wv.index_to_key
    np.testing.assert_array_equal(resumed.wv.vectors, whole.wv.vectors)


def test_quiet_prints_nothing_and_the_default_the_summary(source_dir, capfd):
    sentences = shakespeare_lines(source_dir, count=500)
    gradvec.Word2Vec(sentences, **OPTIONS)
    quiet = capfd.readouterr()
    assert quiet.out == ""
    gradvec.Word2Vec(sentences, **dict(OPTIONS, quiet=False))
    shown = capfd.readouterr()
    assert "vectors written to" in shown.out


def reported_counts(err):
    """(done, total) of each report of the plain progress line (gradvec.progress)."""
    return [(int(done.replace(",", "")), int(total.replace(",", "")))
            for done, total in re.findall(r"([\d,]+)/([\d,]+) words", err)]


def test_off_a_terminal_progress_is_drawn_on_sys_stderr(source_dir, capsys, monkeypatch):
    # capsys: sys.stderr is a buffer, as a notebook's is a stream of the kernel, and no terminal.
    corpus = os.path.join(source_dir, "data", "tinyshakespeare.txt")
    options = dict(epochs=40, workers=1, vector_size=32)
    gradvec.Word2Vec(corpus_file=corpus, quiet=True, **options)
    assert capsys.readouterr() == ("", "")
    # Without tqdm: a plain line, rewritten in place.
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    gradvec.Word2Vec(corpus_file=corpus, **options)
    err = capsys.readouterr().err
    counts = reported_counts(err)
    assert len(counts) >= 2, err
    done = [d for d, _ in counts]
    assert done == sorted(done) and done[0] < done[-1] == counts[-1][1], err
    assert err.startswith("\r[") and err.endswith("\n") and "loss " in err
    # With tqdm: its bar, on the same stream.
    pytest.importorskip("tqdm")
    monkeypatch.delitem(sys.modules, "tqdm.auto")
    gradvec.Word2Vec(corpus_file=corpus, **options)
    err = capsys.readouterr().err
    percents = [int(p) for p in re.findall(r"(\d+)%\|", err)]
    assert len(percents) >= 2 and percents == sorted(percents) and percents[-1] == 100, err
    assert "word/s" in err and "loss=" in err


def test_training_releases_the_gil(source_dir):
    # A thread of this interpreter keeps ticking while another trains: it needs the GIL to tick.
    corpus = os.path.join(source_dir, "data", "tinyshakespeare.txt")
    ticks = 0
    stop = threading.Event()

    def tick():
        nonlocal ticks
        while not stop.is_set():
            ticks += 1
            time.sleep(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    try:
        before = ticks
        gradvec.Word2Vec(corpus_file=corpus, epochs=40, workers=1, vector_size=32, quiet=True)
        during = ticks - before
    finally:
        stop.set()
        ticker.join()
    assert during >= 100
