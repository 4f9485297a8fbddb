#!/usr/bin/env bash
# help_command.sh GRADVEC: `gradvec help [COMMAND...]` prints the help `COMMAND... --help` does,
# with status 0, and refuses a name that is no command as any mistyped command is refused;
# `gradvec --help` names every doc in docs/.
set -uo pipefail
gradvec=$1
here=$(dirname "$0")
fail() { echo "FAIL: $*"; exit 1; }

top=$("$gradvec" help) || fail "gradvec help: exit status $?"
grep -q '^Subcommands:$' <<<"$top" || fail "gradvec help does not list the commands: $top"
[[ $top == "$("$gradvec" --help)" ]] || fail "gradvec help differs from gradvec --help"
# Its footer names every doc a reader may want next.
for doc in "$here"/../../docs/*.md; do
  grep -q "${doc##*/}" <<<"${top//$'\n'/ }" || fail "gradvec --help does not name docs/${doc##*/}"
done
for command in "train" "lm train" "eval similarity"; do
  # shellcheck disable=SC2086  # the command's words are separate arguments
  help=$("$gradvec" help $command) || fail "gradvec help $command: exit status $?"
  grep -q "^Usage: .*gradvec $command \[OPTIONS\]" <<<"$help" || fail "gradvec help $command: $help"
  # shellcheck disable=SC2086
  [[ $help == "$("$gradvec" $command --help)" ]] || fail "gradvec help $command differs from --help"
done
"$here/expect_failure.sh" 2 "^gradvec: error: unknown command 'trian'; did you mean 'train'\?$" \
  "$gradvec" help lm trian || exit 1
echo "ok: help prints each command's help and names a mistyped one"
