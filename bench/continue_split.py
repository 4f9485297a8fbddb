#!/usr/bin/env python3
"""The word lists and question sets bench/continue.sh scores a continued model on.

    continue_split.py FIRST SECOND QUESTIONS OUT_DIR [--min-count 5] [--frequent 1000]

FIRST and SECOND are the tokenised halves (tokenise_corpus.py output). Writes to OUT_DIR:
  frequent.words   the --frequent most frequent words of FIRST: whose neighbours may drift;
  second_only.words words at --min-count in SECOND that FIRST never has: the words only the
                   second half teaches;
  update.questions the questions whose four words gensim's update vocabulary holds (at
                   --min-count in FIRST or in SECOND, as build_vocab(update=True) counts them;
                   a word rarer than that in each half but not in both is lost to it);
  new.questions    of those, the ones with a word the first model lacks (below --min-count in
                   FIRST): questions only the second run can make answerable;
  carried.questions the others whose words are all at --min-count in FIRST and SECOND together:
                   a word of each is under it in each half, which gensim loses and `train --init`
                   keeps from a checkpoint (the first run's counts of the words it gave no row).
Prints one line of counts:
"second_only=N new_rows=R update_questions=U new_questions=Q carried_questions=C".
"""
import argparse
import collections
import os
import sys


def counts(path):
    with open(path, encoding="utf-8") as f:
        return collections.Counter(word for line in f for word in line.split())


def write_questions(path, sections, keep):
    """Writes the questions `keep` accepts under their section headers; returns how many."""
    kept = 0
    with open(path, "w", encoding="utf-8") as out:
        for name, questions in sections:
            chosen = [q for q in questions if keep(q)]
            if chosen:
                out.write(f": {name}\n" + "".join(" ".join(q) + "\n" for q in chosen))
                kept += len(chosen)
    return kept


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("questions")
    parser.add_argument("out_dir")
    parser.add_argument("--min-count", type=int, default=5)
    parser.add_argument("--frequent", type=int, default=1000)
    args = parser.parse_args()
    for path in (args.first, args.second, args.questions):
        if not os.path.isfile(path):
            sys.exit(f"continue_split.py: {path} does not exist")
    first, second = counts(args.first), counts(args.second)
    least = args.min_count

    frequent = [word for word, _ in first.most_common(args.frequent)]
    second_only = sorted(w for w, n in second.items() if n >= least and first[w] == 0)
    for name, words in (("frequent", frequent), ("second_only", second_only)):
        with open(os.path.join(args.out_dir, f"{name}.words"), "w", encoding="utf-8") as out:
            out.write("".join(word + "\n" for word in words))

    sections = []
    with open(args.questions, encoding="utf-8") as f:
        for line in f:
            if line.startswith(":"):
                sections.append((line[1:].strip(), []))
            elif line.split():
                sections[-1][1].append(line.lower().split())
    in_update = lambda w: first[w] >= least or second[w] >= least
    new_row = lambda w: first[w] < least <= second[w]
    updated = write_questions(os.path.join(args.out_dir, "update.questions"), sections,
                              lambda q: all(map(in_update, q)))
    new = write_questions(os.path.join(args.out_dir, "new.questions"), sections,
                          lambda q: all(map(in_update, q)) and any(map(new_row, q)))
    carried = write_questions(os.path.join(args.out_dir, "carried.questions"), sections,
                              lambda q: not all(map(in_update, q))
                              and all(first[w] + second[w] >= least for w in q))
    new_rows = sum(1 for w in second if new_row(w))
    print(f"second_only={len(second_only)} new_rows={new_rows} update_questions={updated} "
          f"new_questions={new} carried_questions={carried}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
