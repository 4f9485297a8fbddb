"""Runs a command of the command line in this process (gradvec._core.run_command): what
Word2Vec, bpe.train and phrases.detect are, so each does exactly what its command does."""
import signal

from gradvec import _core
from gradvec.progress import ProgressBar, drawn_here


def run(*args, quiet=False):
    """`gradvec ARGS...`; a bad option raises ValueError with the command's message, a signal
    that stopped it KeyboardInterrupt. quiet: nothing on standard output, and no progress (the
    caller passes --quiet too). Off a terminal a training command's progress is drawn on
    sys.stderr (gradvec.progress)."""
    handler = signal.getsignal(signal.SIGINT)
    bar = ProgressBar() if not quiet and drawn_here() else None
    try:
        _core.run_command([str(a) for a in args], quiet, bar)
    finally:
        if bar is not None:
            bar.close()
        # A training command's handlers stay ignoring a signal that stopped it
        # (tools/stop_signals.h); this interpreter takes Ctrl-C back.
        signal.signal(signal.SIGINT, handler)
