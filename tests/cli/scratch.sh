# scratch.sh, sourced by a test: $work, an empty directory for the test's files, and $TMPDIR
# beside it, both removed on exit, so that listing $work shows only what the test and gradvec
# wrote there, and whatever a run leaves in $TMPDIR is kept apart where `leftovers` sees it; and
# fail MESSAGE, which ends the test. A test with more to undo first (a mount, a process it
# started) defines at_exit. $cli is the directory of the tests and their helpers, absolute (a
# test may cd), and $expect_failure the path of expect_failure.sh.
cli=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
expect_failure=$cli/expect_failure.sh
scratch=$(mktemp -d)
at_exit() { :; }
trap 'at_exit || :; rm -rf "$scratch"' EXIT
work=$scratch/work
export TMPDIR=$scratch/tmp
mkdir "$work" "$TMPDIR"
fail() {
  echo "FAIL: $*"
  exit 1
}
# leftovers DIR: what gradvec keeps on disk only while it writes, still under DIR or $TMPDIR:
# hidden temporaries beside an output (.NAME-XXXXXXXXXX), lock files (.NAME.lock), spooled
# corpora and rare words' counts (both unlinked as soon as they are made: never to be seen).
leftovers() {
  find "$1" "$TMPDIR" -type f \( -name '.*' -o -name 'gradvec-spool-*' -o -name 'gradvec-rare-*' \)
}
