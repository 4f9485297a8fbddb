#!/usr/bin/env bash
# append_only.sh GRADVEC CORPUS
# An append-only directory (chattr +a) lets files be made but never renamed or removed, so every
# temporary written there would stay: an output there is refused before any work, in one line
# naming it and why, and nothing is created; an append-only $TMPDIR is refused the same way by
# the spools and the fallback checkpoint. Needs chattr and a file system with the flag (ext4,
# xfs, btrfs) and the right to set it (root): else a visible SKIP.
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
cd "$work"
mkdir ao
if ! chattr +a ao 2>/dev/null; then
  echo "SKIP: chattr +a is not possible here (no such flag on this file system, or no right)"
  exit 77
fi
at_exit() { chattr -a "$work/ao" "$TMPDIR" 2>/dev/null || :; }
printf 'a 1 2\nb 3 4\n' >s.vec
echo old >ao/kept.vec
for output in ao/new.vec ao/kept.vec; do
  "$expect_failure" 2 "^gradvec: error: cannot write $output: its directory ao is append-only \(chattr \+a\): a file written there through a temporary could be neither renamed into place nor removed$" \
    "$gradvec" convert --vectors s.vec --output "$output" --output-format glove
done
"$expect_failure" 2 "^gradvec: error: cannot write ao/v.vec: its directory ao is append-only" \
  "$gradvec" train --corpus "$corpus" --epochs 1 --quiet --output ao/v.vec
[[ $(ls -A ao) == kept.vec && $(cat ao/kept.vec) == old ]] || fail "left in the append-only directory: $(ls -A ao)"

# $TMPDIR append-only: the rare words' spill is refused, and nothing is made there.
chattr +a "$TMPDIR"
status=0
"$gradvec" train --corpus "$corpus" --epochs 1 --quiet --output v.vec >/dev/null 2>err || status=$?
cat err
[[ $status -eq 2 ]] || fail "an append-only \$TMPDIR: exit status $status, expected 2"
grep -q "to a temporary file in $TMPDIR: Operation not permitted" err || fail "no line naming \$TMPDIR"
[[ -z $(ls -A "$TMPDIR") ]] || fail "left in the append-only \$TMPDIR: $(ls -A "$TMPDIR")"
echo "ok: an append-only directory keeps no temporary"
