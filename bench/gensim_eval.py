#!/usr/bin/env python3
"""Analogy accuracy as gensim counts it: the second opinion in quality.sh and eval_agreement.sh.

  gensim_eval.py synth VECTORS QUESTIONS [--words 3000] [--dim 50] [--seed 1]
      writes a synthetic word2vec-text vectors file with planted analogies plus noise,
      and a questions-words file that includes OOV words, mixed case, words that exist
      in two spellings, and words beyond the restricted vocabulary.
  gensim_eval.py check VECTORS QUESTIONS [--restrict 30000] [--method add|mul]
      prints the report in the exact format of `gradvec eval analogy`:
      "section: C/S correct (P%)" per section, then
      "total: C/S correct (P%), S/N questions seen".

--method add is KeyedVectors.evaluate_word_analogies(questions, restrict_vocab=N,
case_insensitive=True) itself. gensim 4.2 evaluates 3CosAdd only, so --method mul runs the
same loop (transcribed from gensim's evaluate_word_analogies, below) with
most_similar_cosmul over a KeyedVectors holding only the first N words, since gensim's
most_similar_cosmul has no restrict_vocab.
"""
import argparse
import itertools
import logging
import os
import sys

import numpy as np
from gensim.models import KeyedVectors


def write_synthetic(vectors_path, questions_path, n_words, dim, seed):
    rng = np.random.default_rng(seed)
    sections, pairs_per_section = 12, 40
    # Planted analogies: pair i of a section is (x_i, x_i + relation + noise).
    words, vectors = [], []
    planted = []  # per section: list of (x_word, y_word)
    for s in range(sections):
        relation = rng.normal(0, 1.0, dim)
        section_pairs = []
        for i in range(pairs_per_section):
            x = rng.normal(0, 1.0, dim)
            y = x + relation + rng.normal(0, 1.3, dim)
            xw, yw = f"s{s}x{i}", f"s{s}y{i}"
            words += [xw, yw]
            vectors += [x, y]
            section_pairs.append((xw, yw))
        planted.append(section_pairs)
    while len(words) < n_words - 150:
        words.append(f"w{len(words)}")
        vectors.append(rng.normal(0, 1.0, dim))
    # Shuffle into a "frequency order", so some planted words fall beyond --restrict.
    order = rng.permutation(len(words))
    words = [words[i] for i in order]
    vectors = [vectors[i] for i in order]
    # Second spellings. 100 planted words get a capitalised twin placed *after* them, a near
    # copy: as a candidate it ranks high whenever its twin is a query word, and gensim passes
    # over it. 50 get an upper-case twin with an unrelated vector placed *before* them: then
    # case-insensitively the twin is the first spelling, and its vector is the one used.
    position = {w: i for i, w in enumerate(words)}
    planted_words = [w for p in planted for pair in p for w in pair]
    twins = rng.choice(len(planted_words), 150, replace=False)
    after, before = twins[:100], twins[100:]
    inserts = []
    for t in after:
        w = planted_words[t]
        near_copy = vectors[position[w]] + rng.normal(0, 0.3, dim)
        inserts.append((position[w] + 1 + rng.integers(0, 200), w.capitalize(), near_copy))
    for t in before:
        w = planted_words[t]
        at = max(0, position[w] - rng.integers(0, 200))
        inserts.append((at, w.upper(), rng.normal(0, 1.0, dim)))
    for at, twin, vector in sorted(inserts, key=lambda insert: -insert[0]):
        words.insert(at, twin)
        vectors.insert(at, vector)
    with open(vectors_path, "w") as out:
        out.write(f"{len(words)} {dim}\n")
        for w, v in zip(words, vectors):
            out.write(w + " " + " ".join(f"{x:.6f}" for x in v) + "\n")

    def spelled(word):  # mixed case in the questions file
        r = rng.random()
        return word.upper() if r < 0.1 else word.capitalize() if r < 0.2 else word

    with open(questions_path, "w") as out:
        for s, section_pairs in enumerate(planted):
            out.write(f": section-{s}\n")
            for _ in range(150):
                i, j = rng.choice(pairs_per_section, 2, replace=False)
                q = [section_pairs[i][0], section_pairs[i][1], section_pairs[j][0], section_pairs[j][1]]
                if rng.random() < 0.05:
                    q[rng.integers(0, 4)] = f"oov{rng.integers(0, 10**6)}"
                out.write(" ".join(spelled(w) for w in q) + "\n")


def evaluate_cosmul(kv, questions_path, restrict):
    """gensim 4.2's evaluate_word_analogies(case_insensitive=True), with most_similar_cosmul."""
    ok_keys = kv.index_to_key[:restrict]
    small = KeyedVectors(kv.vector_size)
    small.add_vectors(ok_keys, kv.vectors[:restrict])
    ok_vocab = {k.upper(): small.get_index(k) for k in reversed(ok_keys)}
    sections, section = [], None
    with open(questions_path, encoding="utf-8") as fin:
        for line in fin:
            if line.startswith(": "):
                if section:
                    sections.append(section)
                section = {"section": line.lstrip(": ").strip(), "correct": [], "incorrect": []}
                continue
            try:
                a, b, c, expected = [word.upper() for word in line.split()]
            except ValueError:
                continue
            if a not in ok_vocab or b not in ok_vocab or c not in ok_vocab or expected not in ok_vocab:
                continue
            original_key_to_index = small.key_to_index
            small.key_to_index = ok_vocab
            ignore = {a, b, c}
            predicted = None
            sims = small.most_similar_cosmul(positive=[b, c], negative=[a], topn=5)
            small.key_to_index = original_key_to_index
            for element in sims:
                predicted = element[0].upper()
                if predicted in ok_vocab and predicted not in ignore:
                    break
            (section["correct"] if predicted == expected else section["incorrect"]).append(line)
    if section:
        sections.append(section)
    sections.append({
        "section": "Total accuracy",
        "correct": list(itertools.chain.from_iterable(s["correct"] for s in sections)),
        "incorrect": list(itertools.chain.from_iterable(s["incorrect"] for s in sections)),
    })
    return sections


def count_questions(questions_path):
    """All valid question lines, as gensim's quadruplets_no counts them."""
    with open(questions_path, encoding="utf-8") as fin:
        return sum(1 for line in fin if not line.startswith(": ") and len(line.split()) == 4)


def report(sections, n_questions):
    def line(name, s):
        correct, seen = len(s["correct"]), len(s["correct"]) + len(s["incorrect"])
        percent = 100.0 * correct / seen if seen else 0.0
        return f"{name}: {correct}/{seen} correct ({percent:.2f}%)"

    lines = [line(s["section"], s) for s in sections[:-1]]
    total = sections[-1]
    seen = len(total["correct"]) + len(total["incorrect"])
    lines.append(line("total", total) + f", {seen}/{n_questions} questions seen")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    synth = sub.add_parser("synth")
    synth.add_argument("vectors")
    synth.add_argument("questions")
    synth.add_argument("--words", type=int, default=3000)
    synth.add_argument("--dim", type=int, default=50)
    synth.add_argument("--seed", type=int, default=1)
    check = sub.add_parser("check")
    check.add_argument("vectors")
    check.add_argument("questions")
    check.add_argument("--restrict", type=int, default=30000)
    check.add_argument("--method", choices=["add", "mul"], default="add")
    args = parser.parse_args()

    if args.command == "synth":
        write_synthetic(args.vectors, args.questions, args.words, args.dim, args.seed)
        return 0
    for path in (args.vectors, args.questions):
        if not os.path.isfile(path):
            sys.exit(f"gensim_eval.py: {path} does not exist")
    logging.disable(logging.INFO)  # gensim logs every section at INFO level
    kv = KeyedVectors.load_word2vec_format(args.vectors, binary=False)
    if args.method == "add":
        _, sections = kv.evaluate_word_analogies(
            args.questions, restrict_vocab=args.restrict, case_insensitive=True)
    else:
        sections = evaluate_cosmul(kv, args.questions, args.restrict)
    print(report(sections, count_questions(args.questions)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
