#!/usr/bin/env python3
"""PyTorch's side of engine_vs_torch.sh: the same graph and matmuls as build/bench_engine.

    torch_engine.py [--min-time 0.3]

One CPU thread (torch.set_num_threads(1); OPENBLAS_NUM_THREADS=1 from the caller). Prints one
line per case, "name value unit", where name matches bench_engine's benchmark names:
  BM_TenOpGraphForwardBackward/ROWS  seconds per op (forward + backward), 10 ops per graph
  BM_MatmulOurs/N                    GFLOP/s of an (N, N) @ (N, N) product
Each case repeats until --min-time seconds have passed, after a warm-up; the time reported is
the mean over those repetitions, as Google Benchmark reports it.
"""
import argparse
import time

import torch


def ten_op_graph(x, scale, bias):
    # The same ten recorded ops as bench/engine_bench.cpp's ten_op_graph, in the same order.
    scaled = x * scale
    shifted = scaled + bias
    squashed = torch.tanh(shifted)
    gate = torch.sigmoid(squashed)
    gated = gate * squashed
    rectified = torch.relu(gated)
    sharpened = rectified * 4.0
    log_p = torch.log_softmax(sharpened, dim=-1)
    row_sums = log_p.sum(dim=1)
    return row_sums.mean()


def timed(step, min_time):
    step()  # warm-up: first-call allocations and dispatch caches
    runs, start = 0, time.perf_counter()
    while True:
        step()
        runs += 1
        elapsed = time.perf_counter() - start
        if elapsed >= min_time:
            return elapsed / runs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--min-time", type=float, default=0.3)
    args = parser.parse_args()
    torch.set_num_threads(1)
    torch.manual_seed(1)

    for rows in (1, 1024):
        x = torch.empty(rows, 100).uniform_(-1, 1)
        scale = torch.empty(100).uniform_(0.5, 1.5).requires_grad_()
        bias = torch.empty(100).uniform_(-0.1, 0.1).requires_grad_()

        def step():
            scale.grad = None
            bias.grad = None
            ten_op_graph(x, scale, bias).backward()

        print(f"BM_TenOpGraphForwardBackward/{rows} {timed(step, args.min_time) / 10:.9g} s")

    with torch.no_grad():  # bench_engine's matmul is a constant product: no graph either way
        for n in (64, 256, 512):
            a = torch.empty(n, n).uniform_(-1, 1)
            b = torch.empty(n, n).uniform_(-1, 1)
            seconds = timed(lambda: torch.mm(a, b), args.min_time)
            print(f"BM_MatmulOurs/{n} {2 * n**3 / seconds * 1e-9:.6g} GFLOP/s")
    print(f"# torch {torch.__version__}")


if __name__ == "__main__":
    main()
