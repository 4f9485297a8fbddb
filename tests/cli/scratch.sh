# scratch.sh, sourced by a test: $work, a directory removed on exit, with $TMPDIR inside it so that
# whatever a run leaves in $TMPDIR is seen; and fail MESSAGE, which ends the test.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TMPDIR=$work/tmp
mkdir "$TMPDIR"
fail() {
  echo "FAIL: $*"
  exit 1
}
# leftovers DIR: what gradvec keeps on disk only while it writes, still under DIR: hidden
# temporaries beside an output (.NAME-XXXXXXXXXX), lock files (.NAME.lock) and spooled corpora.
leftovers() {
  find "$1" -type f \( -name '.*' -o -name 'gradvec-spool-*' \)
}
