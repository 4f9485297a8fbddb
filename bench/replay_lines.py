#!/usr/bin/env python3
"""A continued run's corpus with some of the old text replayed (bench/continue.sh's REPLAY).

    replay_lines.py OLD NEW FRACTION OUT

Writes every line of NEW, in order, with a systematic sample of FRACTION (0 < FRACTION <= 1) of
OLD's lines spread evenly among them, in OLD's order: line floor(k / FRACTION) of OLD for
k = 0, 1, ..., each placed after the NEW line at the same share of NEW. Every epoch of the
continued run then sees the replayed lines at every stage of its decaying learning rate, as
training on both texts from scratch sees each.
"""
import sys


def main():
    if len(sys.argv) != 5:
        sys.exit("usage: replay_lines.py OLD NEW FRACTION OUT")
    old_path, new_path, fraction, out_path = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
    if not 0 < fraction <= 1:
        sys.exit(f"replay_lines.py: FRACTION must be in (0, 1], got {sys.argv[3]}")
    with open(old_path, encoding="utf-8") as f:
        old = f.read().splitlines()
    with open(new_path, encoding="utf-8") as f:
        new = f.read().splitlines()
    replayed = [old[int(k / fraction)] for k in range(int(len(old) * fraction))]
    lines, placed = [], 0
    for i, line in enumerate(new):
        lines.append(line)
        # Place replayed line j once NEW's first i + 1 lines reach its share (j + 1) / len(replayed).
        while placed < len(replayed) and (placed + 1) * len(new) <= (i + 1) * len(replayed):
            lines.append(replayed[placed])
            placed += 1
    lines.extend(replayed[placed:])
    with open(out_path, "w", encoding="utf-8") as out:
        out.write("".join(line + "\n" for line in lines))


if __name__ == "__main__":
    main()
