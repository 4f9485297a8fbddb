"""Shared fixtures: a vector file with structure (analogies that hold), the gradvec binary and the
repository, as ctest passes them (tests/CMakeLists.txt)."""
import os
import subprocess

import numpy as np
import pytest


def require_gensim():
    """gensim, or a skip; under CI=true a failure, as the CLI's interop tests do."""
    if os.environ.get("CI") == "true":
        import gensim  # noqa: F401  (an ImportError fails the test)
    return pytest.importorskip("gensim")


@pytest.fixture(scope="session")
def gradvec_binary():
    return os.path.abspath(os.environ["GRADVEC_BINARY"])


@pytest.fixture(scope="session")
def source_dir():
    return os.path.abspath(os.environ["GRADVEC_SOURCE_DIR"])


def structured_vectors(seed=7, pairs=300, noise=400, dim=32):
    """Words capital_i / country_i whose rows differ by one shared offset plus noise (so
    "capital_a country_a capital_b country_b" analogies mostly hold), and `noise` random words."""
    rng = np.random.default_rng(seed)
    offset = rng.normal(size=dim)
    words, rows = [], []
    for i in range(pairs):
        base = rng.normal(size=dim)
        words += [f"capital{i}", f"country{i}"]
        rows += [base, base + offset + 0.6 * rng.normal(size=dim)]
    for i in range(noise):
        words.append(f"word{i}")
        rows.append(rng.normal(size=dim))
    return words, np.array(rows, dtype=np.float32)


def write_word2vec_text(path, words, rows):
    with open(path, "w") as out:
        out.write(f"{len(words)} {rows.shape[1]}\n")
        for word, row in zip(words, rows):
            out.write(word + " " + " ".join(repr(float(x)) for x in row) + "\n")


@pytest.fixture(scope="session")
def vector_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("vectors") / "structured.vec"
    write_word2vec_text(path, *structured_vectors())
    return str(path)


@pytest.fixture(scope="session")
def analogy_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("analogies") / "questions.txt"
    with open(path, "w") as out:
        out.write(": capitals\n")
        for i in range(0, 200, 2):
            out.write(f"capital{i} country{i} capital{i + 1} country{i + 1}\n")
        out.write(": mixed\n")
        for i in range(40):
            out.write(f"word{i} capital{i} word{i + 1} capital{i + 1}\n")
        out.write("capital1 country1 unseen country2\n")  # skipped: a word without a vector
    return str(path)


def cli_error(gradvec_binary, *args):
    """The one line the command line prints for a failure, without its "gradvec: error: "."""
    run = subprocess.run([gradvec_binary, *args], capture_output=True, text=True)
    assert run.returncode != 0, run.stdout
    line = run.stderr.strip()
    assert "\n" not in line and line.startswith("gradvec: error: "), line
    return line[len("gradvec: error: "):]
