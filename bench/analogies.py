#!/usr/bin/env python3
"""Builds and checks an analogy set in the questions-words format (": section", then "a b c d").

    analogies.py expand < PAIRS > QUESTIONS     pairs ("a b" lines under ": section") -> questions
    analogies.py pairs QUESTIONS > PAIRS        the inverse: recover a set's pairs to edit them
    analogies.py check QUESTIONS TOKENS [--min-count 5]

Like Google's questions-words.txt, a section with pairs (a, b) is expanded into every question
"a b c d" for two pairs (a, b), (c, d) with a != c: "b - a + c should be nearest to d".
`check` fails (exit 1) unless the file is exactly such an expansion, no two pairs of a section
share a word in the same role (a question whose answer is also one of its own words can never
be answered: evaluators exclude a, b and c), and every word occurs at least --min-count times in
the tokenised corpus TOKENS (so a model trained with that min-count sees every question).
"""
import argparse
import collections
import sys


def read_sections(lines, fields, source):
    """Parses ': name' headers and `fields`-word lines into an ordered {section: [tuple]}."""
    sections = collections.OrderedDict()
    current = None
    for number, line in enumerate(lines, 1):
        line = line.strip()
        if not line:
            continue
        if line.startswith(":"):
            current = line[1:].strip()
            if not current or current in sections:
                sys.exit(f"analogies.py: {source}:{number}: empty or repeated section '{line}'")
            sections[current] = []
            continue
        words = line.lower().split()
        if current is None or len(words) != fields:
            sys.exit(f"analogies.py: {source}:{number}: expected {fields} words under a "
                     f"': section' line, got '{line}'")
        sections[current].append(tuple(words))
    return sections


def expand(pairs):
    """All ordered combinations of two different pairs of a section, as question tuples."""
    return [(a, b, c, d) for a, b in pairs for c, d in pairs if a != c]


def pairs_of(questions):
    """The distinct (a, b) pairs a section's questions are built from, in first-seen order."""
    seen = dict()
    for a, b, c, d in questions:
        seen.setdefault((a, b), None)
        seen.setdefault((c, d), None)
    return list(seen)


def check(sections, counts, min_count):
    """Returns one message per problem found; empty when the set is sound."""
    problems = []
    for name, questions in sections.items():
        pairs = pairs_of(questions)
        if sorted(questions) != sorted(expand(pairs)):
            problems.append(f"section '{name}': questions are not every ordered pair of its "
                            f"{len(pairs)} pairs (have {len(questions)}, expected "
                            f"{len(expand(pairs))}, or duplicates)")
        for role, index in (("first", 0), ("second", 1)):
            words = collections.Counter(pair[index] for pair in pairs)
            for word, n in words.items():
                if n > 1:
                    problems.append(f"section '{name}': '{word}' is the {role} word of {n} pairs")
        for a, b in pairs:
            if a == b:
                problems.append(f"section '{name}': pair '{a} {b}' repeats a word")
            for word in (a, b):
                if counts[word] < min_count:
                    problems.append(f"section '{name}': '{word}' occurs {counts[word]} times, "
                                    f"below --min-count {min_count}")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("expand", help="pairs on stdin -> questions on stdout")
    pairs_parser = commands.add_parser("pairs", help="questions file -> its pairs on stdout")
    pairs_parser.add_argument("questions")
    check_parser = commands.add_parser("check", help="validate a questions file against a corpus")
    check_parser.add_argument("questions")
    check_parser.add_argument("tokens", help="tokenised corpus (tokenise_corpus.py output)")
    check_parser.add_argument("--min-count", type=int, default=5)
    args = parser.parse_args()

    if args.command == "expand":
        for name, pairs in read_sections(sys.stdin, 2, "<stdin>").items():
            print(f": {name}")
            for question in expand(pairs):
                print(" ".join(question))
        return

    try:
        with open(args.questions, encoding="utf-8") as f:
            sections = read_sections(f, 4, args.questions)
    except OSError as e:
        sys.exit(f"analogies.py: cannot read {args.questions}: {e.strerror}")
    if args.command == "pairs":
        for name, questions in sections.items():
            print(f": {name}")
            for a, b in pairs_of(questions):
                print(a, b)
        return

    try:
        with open(args.tokens, encoding="utf-8") as f:
            counts = collections.Counter(word for line in f for word in line.split())
    except OSError as e:
        sys.exit(f"analogies.py: cannot read {args.tokens}: {e.strerror}")
    problems = check(sections, counts, args.min_count)
    for problem in problems:
        print(f"analogies.py: {args.questions}: {problem}", file=sys.stderr)
    if problems:
        sys.exit(1)
    total = sum(len(questions) for questions in sections.values())
    words = {word for questions in sections.values() for q in questions for word in q}
    rarest = min(words, key=lambda word: (counts[word], word))
    print(f"analogy set ok: {total} questions in {len(sections)} sections, {len(words)} words, "
          f"rarest '{rarest}' x{counts[rarest]} (>= {args.min_count})")


if __name__ == "__main__":
    main()
