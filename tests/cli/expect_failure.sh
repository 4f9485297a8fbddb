#!/usr/bin/env bash
# expect_failure.sh CODE PATTERN COMMAND...
# Passes when COMMAND exits with status CODE and prints one line on stderr matching PATTERN
# (an extended regex) and nothing on stdout: bad input must be refused cleanly, not crash.
set -uo pipefail
code=$1 pattern=$2
shift 2
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
"$@" >"$out" 2>"$err"
status=$?
fail() { echo "FAIL: $*"; echo "--- stdout"; cat "$out"; echo "--- stderr"; cat "$err"; exit 1; }
[[ $status -eq $code ]] || fail "exit status $status, expected $code"
[[ ! -s $out ]] || fail "printed on stdout"
[[ $(grep -c . "$err") -eq 1 ]] || fail "stderr is not exactly one line"
grep -Eq -- "$pattern" "$err" || fail "stderr does not match: $pattern"
echo "ok: exit $status: $(cat "$err")"
