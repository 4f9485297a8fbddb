#!/usr/bin/env bash
# query_inputs.sh GRADVEC limited|unlimited: questions, pairs and repl queries from inputs that are not plain files.
#   - a FIFO or a pipe as --questions / --pairs is opened once and read as a stream;
#   - /dev/zero as --questions, --pairs or repl input is one line of error, in bounded memory;
#   - a repl line repeating one word half a million times answers in bounded memory;
#   - --k far beyond the vocabulary lists every word; a zero vector is refused with one line.
# Every run is under `timeout`, so a regression that blocks or reads forever fails instead of
# hanging. With `limited` (a build without sanitizers, which reserve terabytes of address space)
# the runs also get `ulimit -v`, so one that grows its memory with the input fails at once.
set -uo pipefail
gradvec=$1
case ${2-} in
limited) limit_memory=true ;;
unlimited) limit_memory=false ;;
*) echo "usage: query_inputs.sh GRADVEC limited|unlimited" >&2 && exit 2 ;;
esac
source "$(dirname "$0")/scratch.sh"
writer=
at_exit() { [[ -z $writer ]] || kill "$writer" 2>/dev/null; }
# bounded KB COMMAND...: COMMAND under a 60 s timeout and, when allowed, KB of address space.
bounded() {
  local kb=$1
  shift
  (if $limit_memory; then ulimit -v "$kb"; fi; exec timeout 60 "$@")
}

printf 'a 1 0\nb 0.6 0.8\nc 0 1\nd -1 0.2\nzero 0 0\n' >"$work/v.txt"
questions=$': s\na b c d\nb a c d\n'
pairs=$'a b 9\na c 5\nb c 7\nd a 1\n'

# FIFOs: the writer blocks until gradvec opens the FIFO; a second open would block for good.
mkfifo "$work/q.fifo" "$work/p.fifo"
expected=$(timeout 60 "$gradvec" eval analogy --vectors "$work/v.txt" --questions <(printf '%s' "$questions")) ||
  fail "eval analogy on a pipe exited $?"
printf '%s' "$questions" >"$work/q.fifo" &
writer=$!
got=$(bounded 1000000 "$gradvec" eval analogy --vectors "$work/v.txt" --questions "$work/q.fifo") ||
  fail "eval analogy on a FIFO exited $?"
[[ $got == "$expected" && $got == *"total: "* ]] || fail "eval analogy on a FIFO printed '$got'"
printf '%s' "$pairs" >"$work/p.fifo" &
writer=$!
got=$(bounded 1000000 "$gradvec" eval similarity --vectors "$work/v.txt" --pairs "$work/p.fifo") ||
  fail "eval similarity on a FIFO exited $?"
[[ $got == "spearman: "*"(4 pairs, 0 skipped)" ]] || fail "eval similarity on a FIFO printed '$got'"
writer=
echo "ok: a FIFO as --questions and as --pairs"

# Input that never ends: a line cap and a bounded buffer.
bounded 1000000 "$cli/expect_failure.sh" 2 "^gradvec: error: /dev/zero:1: line longer than 1048576 bytes" \
  "$gradvec" eval analogy --vectors "$work/v.txt" --questions /dev/zero || exit 1
bounded 1000000 "$cli/expect_failure.sh" 2 "^gradvec: error: /dev/zero:1: line longer than 1048576 bytes" \
  "$gradvec" eval similarity --vectors "$work/v.txt" --pairs /dev/zero || exit 1
bounded 1000000 "$cli/expect_failure.sh" 2 "^gradvec: error: standard input:1: line longer than 1048576 bytes" \
  "$gradvec" repl --vectors "$work/v.txt" </dev/zero || exit 1
"$cli/expect_failure.sh" 2 "^gradvec: error: standard input: cannot read$" \
  "$gradvec" repl --vectors "$work/v.txt" <"$work" || exit 1

# One word 500,000 times on a 300-dimensional file: a copy of its vector per word would be 600 MB.
awk 'BEGIN { for (w = 0; w < 2; ++w) { printf "%s", w ? "b" : "a"; for (i = 0; i < 300; ++i) printf " %d", i == w; print "" } }' >"$work/v300.txt"
awk 'BEGIN { for (i = 0; i < 500000; ++i) printf "a "; print "" }' >"$work/many.txt"
got=$(bounded 400000 "$gradvec" repl --vectors "$work/v300.txt" <"$work/many.txt") ||
  fail "repl on one word repeated exited $?"
[[ $got == $'b\t0.000000' ]] || fail "repl on one word repeated printed '$got'"
echo "ok: a repl line of 500000 words"

# --k: all words, no overflow, no allocation sized by the option.
for k in 9223372036854775807 1000000000000; do
  got=$(bounded 1000000 "$gradvec" nearest --vectors "$work/v.txt" --k "$k" a | wc -l) ||
    fail "nearest --k $k exited with an error"
  [[ $got == 5 ]] || fail "nearest --k $k printed $got lines, expected the header and 4 words"
  got=$(printf 'a\n' | bounded 1000000 "$gradvec" repl --vectors "$work/v.txt" --k "$k" | grep -c .) ||
    fail "repl --k $k exited with an error"
  [[ $got == 4 ]] || fail "repl --k $k printed $got answers, expected 4"
  got=$(bounded 1000000 "$gradvec" analogy --vectors "$work/v.txt" --k "$k" a b c | wc -l) ||
    fail "analogy --k $k exited with an error"
  [[ $got == 2 ]] || fail "analogy --k $k printed $got lines, expected 2"
done
echo "ok: --k beyond the vocabulary"

"$cli/expect_failure.sh" 2 '^gradvec: error: "zero" has a zero vector, which has no direction' \
  "$gradvec" nearest --vectors "$work/v.txt" zero || exit 1
"$cli/expect_failure.sh" 2 '^gradvec: error: "a\\x0ab" not in vocabulary' \
  "$gradvec" nearest --vectors "$work/v.txt" $'a\nb' || exit 1
