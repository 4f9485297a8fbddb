#!/usr/bin/env bash
# vector_command.sh GRADVEC: `gradvec vector` on a file of word vectors alone.
#   - words from stdin are answered as they are read: a line comes back before input ends;
#   - an unknown word is one line naming it and the file, status 2, and nothing printed, even
#     for the known words before it.
set -uo pipefail
gradvec=$1
source "$(dirname "$0")/scratch.sh"
printf 'a 1 2\nb 0.5 -0.25\n' >"$work/v.txt"

coproc vector { "$gradvec" vector --vectors "$work/v.txt"; }
# Kept now: bash unsets vector_PID once it has reaped the finished coprocess.
vector_pid=$vector_PID
echo b >&"${vector[1]}"
# The timeout only turns a hang into a failure: the line must arrive while stdin stays open.
read -r -t 60 line <&"${vector[0]}" || fail "no line for 'b' while standard input is open"
[[ $line == "b 0.5 -0.25" ]] || fail "printed '$line' for b"
exec {vector[1]}>&-
wait "$vector_pid" || fail "gradvec vector exited $?"
echo "ok: stdin: '$line' before the end of input"

"$cli/expect_failure.sh" 2 "v.txt: \"zz\" not in vocabulary, and the file has no subword rows" \
  "$gradvec" vector --vectors "$work/v.txt" a zz
# Input that never ends a line is refused at the line cap, not read into memory without bound.
"$cli/expect_failure.sh" 2 "standard input:1: line longer than" \
  timeout 60 bash -c '"$0" vector --vectors "$1" </dev/zero' "$gradvec" "$work/v.txt"
