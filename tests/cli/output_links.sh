#!/usr/bin/env bash
# output_links.sh GRADVEC CORPUS: an output that is a symbolic link is followed only as the
# kernel's protected_symlinks lets `>` follow one: in a sticky world-writable directory (/tmp),
# a link of this user's or of the directory owner's. A link another user planted there never
# makes a root run replace, or create, a file where that user cannot write: it is refused in one
# line naming the output and the link, before any work, whether the kernel's setting is on (then
# `>` refuses the same writes, which the test checks) or off; another user's regular file there
# likewise, as protected_regular has `>` refuse it. Needs root, to give a link or a file to
# another user (exits 77, skipped, otherwise).
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
if [[ $(id -u) != 0 ]]; then
  echo "SKIP: needs root to create a link owned by another user"
  exit 77
fi
cd "$work"
other=65534 # nobody
printf '3 2\na 1 0\nb 0 1\nc 1 1\n' >small.vec
head -n 2000 "$corpus" >c.txt
mkdir -m 0700 private
echo precious >private/victim.vec
mkdir -m 1777 sticky
convert=("$gradvec" convert --vectors small.vec --output-format glove --output)
# plant NAME TARGET [OWNER]: a link NAME -> TARGET owned by OWNER (another user by default).
plant() {
  ln -s "$2" "$1"
  chown -h "${3:-$other}" "$1"
}
# When the kernel protects links, `>` is refused the same writes.
protected=$(cat /proc/sys/fs/protected_symlinks 2>/dev/null || echo unknown)
# refused OUTPUT LINK COMMAND...: COMMAND is refused in one line naming OUTPUT and LINK.
refused() {
  local output=$1 link=$2
  shift 2
  "$expect_failure" 2 "^gradvec: error: cannot write $output: the symbolic link $link belongs to uid $other, in a sticky world-writable directory of uid 0: only its owner or the directory's follows it \\(protected_symlinks\\)$" "$@"
  if [[ $protected == 1 ]] && (echo shell >"$output") 2>/dev/null; then
    fail "> wrote through $output though protected_symlinks is on: the test's premise"
  fi
}

# Another user's link to a root-only file: neither replaced nor written, by any command.
plant sticky/planted.vec ../private/victim.vec
refused sticky/planted.vec sticky/planted.vec "${convert[@]}" sticky/planted.vec
refused sticky/planted.vec sticky/planted.vec \
  "$gradvec" train --quiet --corpus c.txt --epochs 1 --dim 8 --output sticky/planted.vec
refused sticky/planted.vec sticky/planted.vec \
  "$gradvec" train --quiet --corpus c.txt --epochs 1 --dim 8 --output v.vec --checkpoint sticky/planted.vec
# A dangling one would create its target there.
plant sticky/dangling.vec ../private/new.vec
refused sticky/dangling.vec sticky/dangling.vec "${convert[@]}" sticky/dangling.vec
# A link further down a chain is checked where it stands.
plant sticky/second.vec ../private/victim.vec
plant mine.vec sticky/second.vec 0
refused mine.vec sticky/second.vec "${convert[@]}" mine.vec
[[ $(cat private/victim.vec) == precious && ! -e private/new.vec ]] ||
  fail "a planted link was written through: $(ls -l private)"
[[ -z $(ls -A private | grep '^\.') ]] || fail "a temporary or lock beside the victim: $(ls -A private)"
echo "ok: links another user planted in a sticky directory refused (protected_symlinks here: $protected)"

# Another user's regular file there, or a hard link to one, is not replaced either: `>` would not
# open it under protected_regular (a file planted for root to write and its owner to read).
echo theirs >sticky/planted.txt
chown "$other" sticky/planted.txt
ln sticky/planted.txt sticky/linked.vec
for output in sticky/planted.txt sticky/linked.vec; do
  "$expect_failure" 2 "^gradvec: error: cannot write $output: the file $output belongs to uid $other, in a sticky world-writable directory of uid 0: only its owner or the directory's writes it \\(protected_regular\\)$" \
    "${convert[@]}" "$output"
  "$expect_failure" 2 "^gradvec: error: cannot write $output: the file $output belongs to uid $other" \
    "$gradvec" train --quiet --corpus c.txt --epochs 1 --dim 8 --output "$output"
done
if [[ $(cat /proc/sys/fs/protected_regular 2>/dev/null) == [12] ]] && (echo shell >sticky/planted.txt) 2>/dev/null; then
  fail "> wrote sticky/planted.txt though protected_regular is on: the test's premise"
fi
[[ $(cat sticky/planted.txt) == theirs && $(stat -c %u sticky/linked.vec) == "$other" ]] ||
  fail "another user's file in the sticky directory was replaced or written"
echo "ok: another user's files in a sticky directory refused (protected_regular here: $(cat /proc/sys/fs/protected_regular 2>/dev/null || echo unknown))"

# What the kernel follows, gradvec writes through: this user's own link there, a link of the
# directory's owner, and another user's link in a directory that is not sticky.
plant sticky/own.vec ../private/own.vec 0
"${convert[@]}" sticky/own.vec >/dev/null
mkdir -m 1777 theirs
chown "$other" theirs
plant theirs/link.vec ../private/theirs.vec
"${convert[@]}" theirs/link.vec >/dev/null
mkdir -m 0777 open
plant open/link.vec ../private/open.vec
"${convert[@]}" open/link.vec >/dev/null
for written in own theirs open; do
  [[ $(head -n 1 "private/$written.vec") == "a 1 0" ]] || fail "not written through the $written link"
done
[[ -L sticky/own.vec && -L theirs/link.vec && -L open/link.vec ]] || fail "a link was replaced"
echo "ok: links the kernel follows are written through"
