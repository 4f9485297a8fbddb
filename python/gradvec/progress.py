"""A training run's progress where the user looks: the command line draws its bar on standard
error only when that is a terminal, which a notebook's is not (its sys.stderr is the kernel's
stream; the process's own standard error goes to the kernel's log). Off a terminal the run's
reports come here instead, at the trainer's pace (about 5 a second), and are drawn on
sys.stderr: by tqdm when it can be imported (a widget in Jupyter with ipywidgets, a text bar
elsewhere: what notebook users know), else by a plain line rewritten in place with '\\r',
which Jupyter's output shows as one line."""
import os
import sys


def drawn_here():
    """Whether a run's progress is drawn here: there is a sys.stderr to draw on, and it is not
    the terminal the command's own bar goes to (the process's standard error, a terminal)."""
    try:
        return not (sys.stderr.isatty() and os.isatty(2))
    except (AttributeError, ValueError):  # no sys.stderr (pythonw), or a closed one
        return False


class ProgressBar:
    """Called with each report of a run: (done, total, seconds, lr, loss), done and total
    counted in words; close() when the run ends. Draws nothing until the first report."""

    def __init__(self):
        self._tqdm = None
        self._line = None  # the plain line last drawn, without tqdm

    def __call__(self, done, total, seconds, lr, loss):
        if self._line is None and self._tqdm is None:
            try:
                from tqdm.auto import tqdm
            except ImportError:
                self._line = ""
            else:
                self._tqdm = tqdm(total=total, unit="word", unit_scale=True, file=sys.stderr)
        if self._tqdm is not None:
            self._tqdm.set_postfix(loss=f"{loss:.4f}", lr=f"{lr:.3g}", refresh=False)
            self._tqdm.update(done - self._tqdm.n)
            return
        rate = done / seconds if seconds > 0 else 0.0
        eta = (total - done) / rate if rate > 0 else 0.0
        fraction = done / total if total else 1.0
        filled = int(fraction * 30 + 0.5)
        s = int(eta + 0.5)
        line = (f"[{'#' * filled}{' ' * (30 - filled)}] {100 * fraction:5.1f}%  {done:,}/{total:,} "
                f"words  {rate / 1000:.1f}k words/s  lr {lr:.3g}  loss {loss:.4f}  "
                f"ETA {s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}")
        # Padded to the last line's length, so that a shorter one leaves nothing of it behind.
        sys.stderr.write("\r" + line.ljust(len(self._line)))
        sys.stderr.flush()
        self._line = line

    def close(self):
        """Leaves the last report shown."""
        if self._tqdm is not None:
            self._tqdm.close()
        elif self._line:
            sys.stderr.write("\n")
            sys.stderr.flush()
