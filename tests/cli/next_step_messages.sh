#!/usr/bin/env bash
# next_step_messages.sh GRADVEC: the mistakes of a first hour are refused with the next step, in
# one line, before anything runs: a corpus given as a bare word names --corpus, a command cut
# short names the command, a command left out names those there are, and an analogy of the wrong
# number of words says what the three are, with an example.
set -uo pipefail
gradvec=$1
refuses() { "$(dirname "$0")/expect_failure.sh" 2 "$@" || exit 1; }

refuses "^gradvec: error: gradvec train takes no bare words, got 'file.txt'; did you mean '--corpus file.txt'\?$" \
  "$gradvec" train file.txt
refuses "^gradvec: error: gradvec train takes no bare words, got 'c.txt'; did you mean '--corpus c.txt'\?$" \
  "$gradvec" train --corpus a.txt b.txt --quiet c.txt
refuses "^gradvec: error: gradvec info takes no bare words, got 'v.vec'; did you mean '--vectors v.vec'\?$" \
  "$gradvec" info v.vec
refuses "^gradvec: error: unknown command 'near'; did you mean 'nearest'\?$" \
  "$gradvec" near --vectors v.vec king
refuses "^gradvec: error: gradvec eval needs a command before --vectors: analogy or similarity$" \
  "$gradvec" eval --vectors x
refuses "^gradvec: error: gradvec eval needs a command: analogy or similarity$" "$gradvec" eval
refuses "^gradvec: error: gradvec lm needs a command: train, sample or eval$" "$gradvec" lm
refuses "^gradvec: error: gradvec needs a command: train, phrases, bpe, pe, lm, nearest, analogy, eval, repl, convert, info, plot or vector$" \
  "$gradvec"
# Before the vectors are read: the file does not exist.
for words in "he his" "he" "he his she her"; do
  count=$(wc -w <<<"$words")
  # shellcheck disable=SC2086  # the words are separate arguments
  refuses "^gradvec: error: analogy takes three words A B C \(A is to B as C is to \?\), got $count: e.g. gradvec analogy --vectors V he his she \(he is to his as she is to \?\)$" \
    "$gradvec" analogy --vectors no/such.vec $words
done
# --help still works where a command is missing.
"$gradvec" eval --help >/dev/null || { echo "FAIL: gradvec eval --help exited $?"; exit 1; }
echo "ok: every message names the next step"
