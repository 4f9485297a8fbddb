"""gradvec.bpe and gradvec.phrases: `gradvec bpe` and `gradvec phrases`, from Python."""
import os
import subprocess

import pytest

import gradvec
from conftest import cli_error


@pytest.fixture(scope="module")
def corpus(tmp_path_factory, source_dir):
    path = tmp_path_factory.mktemp("corpus") / "corpus.txt"
    with open(os.path.join(source_dir, "data", "tinyshakespeare.txt"), "rb") as text:
        path.write_bytes(b"".join(line for line, _ in zip(text, range(3000))))
    return path


def test_bpe_encodes_as_the_cli_and_decodes_back(corpus, tmp_path, gradvec_binary):
    tokenizer = gradvec.bpe.train(corpus, tmp_path / "tok.bpe", vocab_size=400)
    assert len(tokenizer) == 400
    text = "Thou art more lovely and more temperate\nZounds! \u00e9t\u00e9 \udcff"
    ids = tokenizer.encode(text)
    assert tokenizer.decode(ids) == text  # every byte back, one that is not UTF-8 included
    line = text.split("\n")[0]
    cli = subprocess.run([gradvec_binary, "bpe", "encode", "--tokenizer", str(tmp_path / "tok.bpe")],
                         input=line + "\n", capture_output=True, text=True, check=True)
    assert tokenizer.encode(line + "\n") == [int(i) for i in cli.stdout.split()]  # the line break too
    with pytest.raises(ValueError, match=r"token id 400 is not in \[0, 400\)"):
        tokenizer.decode([1, 400])
    with pytest.raises(ValueError) as raised:
        gradvec.bpe.load(corpus)
    assert str(raised.value) == cli_error(gradvec_binary, "bpe", "decode", "--tokenizer", str(corpus))


def test_phrases_writes_what_the_cli_writes(corpus, tmp_path, gradvec_binary):
    gradvec.phrases.detect(corpus, tmp_path / "py.txt", min_count=3, threshold=5,
                           phrases_file=tmp_path / "py.list")
    subprocess.run([gradvec_binary, "phrases", "--corpus", str(corpus), "--output",
                    str(tmp_path / "cli.txt"), "--min-count", "3", "--threshold", "5",
                    "--list", str(tmp_path / "cli.list")], check=True, capture_output=True)
    assert (tmp_path / "py.txt").read_bytes() == (tmp_path / "cli.txt").read_bytes()
    assert (tmp_path / "py.list").read_bytes() == (tmp_path / "cli.list").read_bytes()
    assert b"_" in (tmp_path / "py.list").read_bytes()
    with pytest.raises(ValueError, match="--threshold"):
        gradvec.phrases.detect(corpus, tmp_path / "x.txt", threshold=-1)
