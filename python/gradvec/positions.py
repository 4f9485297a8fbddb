"""Positional encodings as (T, d) float32 numpy arrays: the tables `gradvec pe` prints (row t is
what position t contributes), from the same code. Bad sizes raise ValueError with pe's message."""
from gradvec import _core


def sinusoidal(T, d):
    """The sinusoidal encoding of "Attention Is All You Need"; d even."""
    return _core.positional_table("sinusoidal", T, d)


def rope(T, d, interleaved=False):
    """RoPE's rotation of the all-ones vector at each position; d even. interleaved=True pairs
    dimensions (2i, 2i+1) as the RoPE paper, else (i, i + d/2) as GPT-NeoX."""
    return _core.positional_table("rope", T, d, interleaved)


def learned(T, d, seed=1):
    """A learned table as it starts: N(0, 1) draws from `seed`."""
    return _core.positional_table("learned", T, d, seed=seed)
