"""The Python sessions of docs/python.md and README.md run as shown (doctest), from a scratch copy
of the repository's shipped corpus and analogy questions, after `gradvec train` has written what
README's quick start reads."""
import doctest
import os
import shutil
import subprocess

import pytest


@pytest.fixture
def scratch(tmp_path, source_dir, gradvec_binary, monkeypatch):
    (tmp_path / "data").mkdir()
    (tmp_path / "bench").mkdir()
    shutil.copy(os.path.join(source_dir, "data", "tinyshakespeare.txt"), tmp_path / "data")
    shutil.copy(os.path.join(source_dir, "bench", "shakespeare_analogies.txt"), tmp_path / "bench")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("page", ["docs/python.md", "README.md"])
def test_the_session_runs_as_shown(page, scratch, source_dir, gradvec_binary):
    if page == "README.md":  # its Python quick start reads what its first line trains
        subprocess.run([gradvec_binary, "train", "--quiet"], check=True, capture_output=True)
    failed, attempted = doctest.testfile(os.path.join(source_dir, page), module_relative=False,
                                         optionflags=doctest.ELLIPSIS, verbose=False)
    assert attempted > 0, f"{page} holds no Python session"
    assert failed == 0, f"{failed} of the {attempted} examples of {page} failed (see above)"
