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
