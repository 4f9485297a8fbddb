#!/usr/bin/env bash
# escaped_messages.sh GRADVEC: paths and words with control bytes never reach a terminal raw.
#   - on standard error (every message) they are always escaped, \x1b for an ESC;
#   - on standard output, words and paths are escaped when it is a terminal (run under script(1)
#     here) and written as they are into a pipe, so that a script gets the exact bytes.
set -uo pipefail
gradvec=$1
source "$(dirname "$0")/scratch.sh"
esc=$'\x1b'
# Passes when COMMAND fails with one line on stderr that quotes the ESC as \x1b.
refuses_escaped() { "$expect_failure" 2 '\\x1b' "$@" >/dev/null || fail "$*: $(
  "$@" 2>&1 | cat -v)"; }
# The standard output of COMMAND run on a terminal, with script(1)'s CRs dropped. script runs its
# command with $SHELL, else /bin/sh, which does not read printf %q's $'...' quoting: bash is named.
on_terminal() { SHELL=/bin/bash script -qec "$(printf '%q ' "$@")" /dev/null </dev/null | tr -d '\r'; }

refuses_escaped "$gradvec" train --corpus "no${esc}[31m.txt"
refuses_escaped "$gradvec" lm train --corpus "no${esc}.txt"
refuses_escaped "$gradvec" lm sample --lm "no${esc}.lm"
printf 'a 1 0\nb 0 1\nc 1 1\n' >"$work/v.txt"
refuses_escaped "$gradvec" eval analogy --vectors "$work/v.txt" --questions "q${esc}.txt"
refuses_escaped "$gradvec" eval similarity --vectors "$work/v.txt" --pairs "p${esc}.txt"
printf 'w%s[31m\n' "$esc" >"$work/vocab.txt"  # no count: the line is quoted
printf 'a b c\n' >"$work/c.txt"
refuses_escaped "$gradvec" train --corpus "$work/c.txt" --read-vocab "$work/vocab.txt"
# CLI11's own messages: a bad value, an unexpected argument.
refuses_escaped "$gradvec" train --dim "4${esc}"
refuses_escaped "$gradvec" nearest --vectors "$work/v.txt" a "${esc}[2J" extra --k "${esc}"

# Neighbours whose words hold an ESC: exact bytes into a pipe, escaped on a terminal.
printf '3 2\na 1 0\nesc%s[1m 1 0.1\nc 0 1\n' "$esc" >"$work/w.txt"
[[ $("$gradvec" nearest --vectors "$work/w.txt" --k 1 a) == $'nearest to a:\nesc\x1b[1m\t0.995037' ]] ||
  fail "nearest into a pipe: $("$gradvec" nearest --vectors "$work/w.txt" --k 1 a | cat -v)"
[[ $(on_terminal "$gradvec" nearest --vectors "$work/w.txt" --k 1 a) == $'nearest to a:\nesc\\x1b[1m\t0.995037' ]] ||
  fail "nearest on a terminal: $(on_terminal "$gradvec" nearest --vectors "$work/w.txt" --k 1 a | cat -v)"

# An analogy section's name, from the questions file, likewise.
printf ': sec%s[31m\na b c c\n' "$esc" >"$work/q.txt"
[[ $("$gradvec" eval analogy --vectors "$work/v.txt" --questions "$work/q.txt" | head -n 1) == "sec${esc}[31m: 0/1 correct (0.00%)" ]] ||
  fail "eval analogy into a pipe: $("$gradvec" eval analogy --vectors "$work/v.txt" --questions "$work/q.txt" | cat -v)"
[[ $(on_terminal "$gradvec" eval analogy --vectors "$work/v.txt" --questions "$work/q.txt" | head -n 1) == 'sec\x1b[31m: 0/1 correct (0.00%)' ]] ||
  fail "eval analogy on a terminal: $(on_terminal "$gradvec" eval analogy --vectors "$work/v.txt" --questions "$work/q.txt" | cat -v)"

# train: the corpus on stderr, and "vectors written to" and the --show line (for a word the
# tokenizer would split at its ESC, so not in the vocabulary) on stdout.
mkdir "$work/d${esc}ir"
printf 'x y z\nx y z\n' >"$work/d${esc}ir/corpus.txt"
train=("$gradvec" train --corpus "$work/d${esc}ir/corpus.txt" --min-count 1 --dim 4 --threads 1
  --output "$work/d${esc}ir/o.vec" --show "x${esc}y")
"${train[@]}" >"$work/out.txt" 2>"$work/err.txt" || fail "train failed: $(cat -v "$work/err.txt")"
grep -q "^$work/d\\\\x1bir/corpus.txt: 3 words in vocabulary" "$work/err.txt" ||
  fail "train's corpus line: $(cat -v "$work/err.txt")"
grep -q "^vectors written to $work/d${esc}ir/o.vec$" "$work/out.txt" &&
  grep -q "^x${esc}y  (not in vocabulary)$" "$work/out.txt" || fail "train into a pipe: $(cat -v "$work/out.txt")"
on_terminal "${train[@]}" >"$work/tty.txt"
grep -q "^vectors written to $work/d\\\\x1bir/o.vec$" "$work/tty.txt" &&
  grep -q "^x\\\\x1by  (not in vocabulary)$" "$work/tty.txt" || fail "train on a terminal: $(cat -v "$work/tty.txt")"
! grep -q "$esc" <(grep -v '^\[' "$work/tty.txt" | sed 's/\x1b\[K//g') ||
  fail "an ESC reached the terminal: $(cat -v "$work/tty.txt")"
echo "ok: control bytes in paths and words are escaped on terminals and kept in pipes"
