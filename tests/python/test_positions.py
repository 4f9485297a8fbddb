"""gradvec.positions: the tables `gradvec pe` prints, as numpy arrays."""
import subprocess

import numpy as np
import pytest

from gradvec import positions
from conftest import cli_error


def pe_table(gradvec_binary, *args):
    run = subprocess.run([gradvec_binary, "pe", *args], check=True, capture_output=True, text=True)
    return np.loadtxt(run.stdout.splitlines(), dtype=np.float64, ndmin=2)


def test_sinusoidal_is_the_papers_formula():
    table = positions.sinusoidal(50, 16)
    assert table.shape == (50, 16) and table.dtype == np.float32
    t = np.arange(50)[:, None]
    angle = t / 10000 ** (np.arange(0, 16, 2) / 16)
    np.testing.assert_allclose(table[:, 0::2], np.sin(angle), atol=1e-6)
    np.testing.assert_allclose(table[:, 1::2], np.cos(angle), atol=1e-6)


@pytest.mark.parametrize("kind, call", [
    (["--kind", "sinusoidal"], lambda T, d: positions.sinusoidal(T, d)),
    (["--kind", "rope"], lambda T, d: positions.rope(T, d)),
    (["--kind", "rope", "--interleaved"], lambda T, d: positions.rope(T, d, interleaved=True)),
    (["--kind", "learned", "--seed", "9"], lambda T, d: positions.learned(T, d, seed=9)),
])
def test_the_tables_pe_prints(gradvec_binary, kind, call):
    np.testing.assert_allclose(call(7, 6), pe_table(gradvec_binary, *kind, "--len", "7", "--dim", "6"),
                               atol=6e-6)


def test_bad_sizes_raise_value_error_with_pes_message(gradvec_binary):
    expected = cli_error(gradvec_binary, "pe", "--kind", "rope", "--len", "4", "--dim", "3")
    with pytest.raises(ValueError) as raised:
        positions.rope(4, 3)
    assert str(raised.value) == expected
    with pytest.raises(ValueError, match="too large"):
        positions.sinusoidal(100000, 1000)
    with pytest.raises(ValueError, match=">= 1"):
        positions.sinusoidal(0, 4)
