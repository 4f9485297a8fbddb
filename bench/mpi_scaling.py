#!/usr/bin/env python3
"""The scaling model of docs/distributed.md ("Scaling past this machine, on paper"): expected
speed-up and sync share of R ranks, one thread each, from the sync schedule
(word2vec/data_parallel/sync_schedule.h), the bytes of its rounds and a stated network.

Per epoch a rank trains words/R words at the measured single-process words/s, then (blocking, as
at one thread per rank) runs the epoch's N = ceil(words / (R x sync_words)) rounds: round k < N
averages the first 1024 x 2^(trailing zero bits of k) rows of W_in and of W_out (at most the
vocabulary), round N every row. Each round is three ring Allreduces (the word count and stop flag,
W_in's rows, W_out's), each costing 2 (R - 1)/R x bytes / bandwidth + 2 (R - 1) x latency.

    bench/mpi_scaling.py --words 3779800 --vocab 3323 --words-per-s 1000000
"""
import argparse
import math

TIER_ZERO_ROWS = 1024


def row_bytes(dim):
    # Rows are whole 64-byte cache lines of float32 (row_floats in the trainer).
    return math.ceil(dim * 4 / 64) * 64


def epoch_rounds(words, ranks, sync_words):
    return max(1, math.ceil(words / (ranks * sync_words)))


def rows_in_round(k, vocab):
    tz = (k & -k).bit_length() - 1
    return min(vocab, TIER_ZERO_ROWS << tz)


def allreduce_seconds(ranks, nbytes, bandwidth_bits, latency):
    return 2 * (ranks - 1) / ranks * nbytes * 8 / bandwidth_bits + 2 * (ranks - 1) * latency


def model(args, ranks, bandwidth_bits, latency):
    rounds = epoch_rounds(args.words, ranks, args.sync_words)
    sync = 0.0
    for k in range(1, rounds + 1):
        rows = args.vocab if k == rounds else rows_in_round(k, args.vocab)
        table = rows * row_bytes(args.dim)
        sync += allreduce_seconds(ranks, 16, bandwidth_bits, latency)
        sync += 2 * allreduce_seconds(ranks, table, bandwidth_bits, latency)
    train = args.words / ranks / args.words_per_s
    return rounds, args.words / ranks / rounds, train, sync


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", type=int, required=True, help="in-vocabulary words per epoch")
    parser.add_argument("--vocab", type=int, required=True, help="words kept (rows of each table)")
    parser.add_argument("--dim", type=int, default=100)
    parser.add_argument("--words-per-s", type=float, required=True,
                        help="one process's measured words/s at one thread")
    parser.add_argument("--sync-words", type=int, default=20000)
    args = parser.parse_args()
    print("| ranks | network | rounds an epoch | words per rank per round | train s an epoch "
          "| sync s an epoch | sync share | speed-up |")
    print("|---|---|---|---|---|---|---|---|")
    for ranks in (8, 64, 256):
        for gbits in (10, 100):
            for micros in (2, 20):
                rounds, per_round, train, sync = model(args, ranks, gbits * 1e9, micros * 1e-6)
                speedup = args.words / args.words_per_s / (train + sync)
                print(f"| {ranks} | {gbits} Gb/s, {micros} us | {rounds} | {per_round:,.0f} "
                      f"| {train:.3f} | {sync:.3f} | {sync / (train + sync):.0%} "
                      f"| {speedup:.1f}x |")


if __name__ == "__main__":
    main()
