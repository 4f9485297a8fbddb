#!/usr/bin/env python3
"""The model of `gradvec lm train` in PyTorch, for the speed comparison (bench/lm_speed.sh).

Same architecture (pre-norm GPT: learned / sinusoidal / RoPE / no positions, causal attention,
GELU in its tanh form, biases everywhere, a separate output head), the same initialisation rule
(embedding tables N(0, 1), products N(0, 0.02), the two residual products per block
N(0, 0.02 / sqrt(2 layers))), the same batch of random windows from the first 90% of the corpus,
the same optimizer groups (AdamW with weight decay on the products' weights, without on gains and
biases, betas 0.9 and 0.99) and the same schedule (linear warm-up, cosine down to a tenth).
The random numbers differ, so losses agree in distribution, not digit for digit.

PyTorch gets its own fastest eager form wherever there is a choice: one (C, 3C) product for
queries, keys and values split by views (nanoGPT's c_attn), dense embedding gradients, and
multi-tensor (foreach) AdamW. Runs on one thread (torch.set_num_threads(1)); run it with
OPENBLAS_NUM_THREADS=1 (lm_speed.sh does).

Prints one line: "steps S seconds X steps/s R loss L" (the timed steps exclude the first
--skip, which pay for allocation), with --eval also "validation loss V", and with --profile the
operators that took the most time over the timed steps (torch.autograd.profiler).
"""
import argparse
import math
import time

import torch
import torch.nn as nn
import torch.nn.functional as F


def rope_tables(length, dim, interleaved):
    """cos and sin (length, dim) for RoPE: pair k turns by t * 10000^(-2k/dim) at position t."""
    pairs = torch.arange(dim // 2, dtype=torch.float64)
    freq = 10000.0 ** (-2.0 * pairs / dim)
    angles = torch.arange(length, dtype=torch.float64)[:, None] * freq[None, :]
    if interleaved:
        angles = angles.repeat_interleave(2, dim=1)
    else:
        angles = torch.cat([angles, angles], dim=1)
    return angles.cos().float(), angles.sin().float()


def rotate(x, cos, sin, interleaved):
    if interleaved:
        x1, x2 = x[..., 0::2], x[..., 1::2]
        rotated = torch.stack([-x2, x1], dim=-1).flatten(-2)
    else:
        half = x.shape[-1] // 2
        rotated = torch.cat([-x[..., half:], x[..., :half]], dim=-1)
    return x * cos + rotated * sin


def sinusoidal_table(length, dim):
    pairs = torch.arange(dim // 2, dtype=torch.float64)
    angles = torch.arange(length, dtype=torch.float64)[:, None] * 10000.0 ** (-2.0 * pairs / dim)
    table = torch.zeros(length, dim, dtype=torch.float64)
    table[:, 0::2] = angles.sin()
    table[:, 1::2] = angles.cos()
    return table.float()


class Block(nn.Module):
    def __init__(self, args):
        super().__init__()
        c = args.dim
        self.heads = args.heads
        self.ln1 = nn.LayerNorm(c)
        self.qkv = nn.Linear(c, 3 * c)
        self.out = nn.Linear(c, c)
        self.ln2 = nn.LayerNorm(c)
        self.fc = nn.Linear(c, 4 * c)
        self.proj = nn.Linear(4 * c, c)

    def forward(self, x, mask, rope):
        b, t, c = x.shape
        d = c // self.heads
        q, k, v = self.qkv(self.ln1(x)).split(c, dim=2)
        q, k, v = (z.view(b, t, self.heads, d).transpose(1, 2) for z in (q, k, v))
        if rope is not None:
            q, k = rope(q), rope(k)
        scores = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(d))
        scores = scores.masked_fill(mask[:t, :t], float("-inf"))
        y = F.softmax(scores, dim=-1) @ v
        x = x + self.out(y.transpose(1, 2).contiguous().view(b, t, c))
        return x + self.proj(F.gelu(self.fc(self.ln2(x)), approximate="tanh"))


class Gpt(nn.Module):
    def __init__(self, args, vocab):
        super().__init__()
        c, t = args.dim, args.context
        self.pos = args.pos
        self.tokens = nn.Embedding(vocab, c)  # N(0, 1)
        if args.pos == "learned":
            self.positions = nn.Embedding(t, c)
        if args.pos == "sinusoidal":
            self.register_buffer("table", sinusoidal_table(t, c))
        if args.pos == "rope":
            cos, sin = rope_tables(t, c // args.heads, args.interleaved)
            self.register_buffer("cos", cos)
            self.register_buffer("sin", sin)
        self.interleaved = args.interleaved
        self.blocks = nn.ModuleList(Block(args) for _ in range(args.layers))
        self.ln = nn.LayerNorm(c)
        self.head = nn.Linear(c, vocab)
        self.register_buffer("mask", torch.triu(torch.ones(t, t, dtype=torch.bool), diagonal=1))
        residual_std = 0.02 / math.sqrt(2 * args.layers)
        for name, p in self.named_parameters():
            if name.endswith("weight") and p.dim() == 2 and "tokens" not in name and "positions" not in name:
                nn.init.normal_(p, 0.0, residual_std if name.endswith(("out.weight", "proj.weight")) else 0.02)
            elif name.endswith("bias"):
                nn.init.zeros_(p)

    def forward(self, ids):
        t = ids.shape[1]
        x = self.tokens(ids)
        if self.pos == "learned":
            x = x + self.positions.weight[:t]
        if self.pos == "sinusoidal":
            x = x + self.table[:t]
        rope = None
        if self.pos == "rope":
            cos, sin = self.cos[:t], self.sin[:t]
            rope = lambda z: rotate(z, cos, sin, self.interleaved)
        for block in self.blocks:
            x = block(x, self.mask, rope)
        return self.head(self.ln(x))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", default="data/tinyshakespeare.txt")
    parser.add_argument("--pos", default="rope", choices=["none", "learned", "sinusoidal", "rope"])
    parser.add_argument("--interleaved", action="store_true")
    parser.add_argument("--layers", type=int, default=4)
    parser.add_argument("--heads", type=int, default=4)
    parser.add_argument("--dim", type=int, default=64)
    parser.add_argument("--context", type=int, default=64)
    parser.add_argument("--batch", type=int, default=16)
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--lr", type=float, default=1e-2)
    parser.add_argument("--warmup", type=int, default=50)
    parser.add_argument("--weight-decay", type=float, default=0.1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip", type=int, default=3, help="untimed first steps")
    parser.add_argument("--eval", action="store_true", help="also print the validation loss")
    parser.add_argument("--profile", action="store_true", help="also print where the time went")
    args = parser.parse_args()

    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    data = open(args.corpus, "rb").read()
    symbols = sorted(set(data))
    index = {s: i for i, s in enumerate(symbols)}
    ids = torch.tensor([index[b] for b in data], dtype=torch.long)
    split = len(ids) - len(ids) // 10
    train, validation = ids[:split], ids[split:]

    model = Gpt(args, len(symbols))
    decayed = [p for n, p in model.named_parameters() if p.dim() == 2 and n.endswith("weight")
               and "tokens" not in n and "positions" not in n]
    seen = {id(p) for p in decayed}
    rest = [p for p in model.parameters() if id(p) not in seen]
    optimizer = torch.optim.AdamW(
        [{"params": decayed, "weight_decay": args.weight_decay}, {"params": rest, "weight_decay": 0.0}],
        lr=args.lr, betas=(0.9, 0.99), eps=1e-8, foreach=True)
    warmup = min(args.warmup, args.steps)

    def lr_at(step):
        if step < warmup:
            return args.lr * (step + 1) / warmup
        done = (step - warmup) / max(1, args.steps - warmup)
        low = args.lr * 0.1
        return low + 0.5 * (args.lr - low) * (1 + math.cos(math.pi * done))

    t = args.context
    start = None
    loss = None
    profiler = torch.autograd.profiler.profile(enabled=args.profile)
    for step in range(args.steps):
        if step == args.skip:
            start = time.perf_counter()
            profiler.__enter__()
        starts = torch.randint(len(train) - t, (args.batch,))
        x = torch.stack([train[s:s + t] for s in starts])
        y = torch.stack([train[s + 1:s + t + 1] for s in starts])
        for group in optimizer.param_groups:
            group["lr"] = lr_at(step)
        logits = model(x)
        loss = F.cross_entropy(logits.view(-1, logits.shape[-1]), y.view(-1))
        optimizer.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
    timed = args.steps - args.skip
    seconds = time.perf_counter() - start if start is not None else float("nan")
    if start is not None:
        profiler.__exit__(None, None, None)
    print(f"steps {timed} seconds {seconds:.3f} steps/s {timed / seconds:.3f} loss {loss.item():.4f}",
          flush=True)
    if args.profile:
        print(profiler.key_averages().table(sort_by="self_cpu_time_total", row_limit=15))
    if args.eval:
        with torch.no_grad():
            windows = (len(validation) - 1) // t
            total = 0.0
            for first in range(0, windows, args.batch):
                count = min(windows, first + args.batch) - first
                x = validation[first * t:(first + count) * t].view(count, t)
                y = validation[first * t + 1:(first + count) * t + 1].view(count, t)
                logits = model(x)
                total += F.cross_entropy(logits.view(-1, logits.shape[-1]), y.reshape(-1),
                                         reduction="sum").item()
        print(f"validation loss {total / (windows * t):.4f}")


if __name__ == "__main__":
    main()
