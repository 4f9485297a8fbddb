#!/usr/bin/env bash
# descriptor_outputs.sh GRADVEC CORPUS: an output named /dev/stdout, /dev/stderr, /dev/fd/N or
# /proc/self/fd/N is written to that descriptor in place, as `-` is: with the descriptor open to
# a file (`>> log`), what the file held stays and the data follows it in the same file, never a
# new file renamed over it. A descriptor that is closed, or open only for reading, is refused in
# one line before any work.
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
cd "$work"
head -n 2000 "$corpus" >c.txt
printf '3 2\na 1 0\nb 0 1\nc 1 1\n' >small.vec
vectors=$'a 1 0\nb 0 1\nc 1 1'
convert=("$gradvec" convert --vectors small.vec --output-format glove --output)

# appended LOG WHAT: LOG is still the file it was (its inode), holding "earlier" and then WHAT.
appended() {
  [[ $(stat -c %i "$1") == "${inodes[$1]}" ]] || fail "$1 was replaced by another file"
  [[ $(cat "$1") == "earlier"$'\n'"$2" ]] || fail "$1 holds: $(cat "$1")"
}
declare -A inodes
for log in out.log err.log fd.log proc.log stdout.log; do
  echo earlier >"$log"
  inodes[$log]=$(stat -c %i "$log")
done

"${convert[@]}" /dev/stdout >>out.log 2>/dev/null
appended out.log "$vectors"
"${convert[@]}" /dev/stderr 2>>err.log >/dev/null
# The message goes to standard output: the vectors did not go there.
appended err.log "$vectors"
"${convert[@]}" /dev/fd/3 3>>fd.log >/dev/null
appended fd.log "$vectors"
"${convert[@]}" /proc/self/fd/4 4>>proc.log >/dev/null
appended proc.log "$vectors"
# train, whose summary then goes to stderr, and phrases likewise.
"$gradvec" train --corpus c.txt --epochs 1 --threads 1 --dim 8 --min-count 1 --quiet \
  --output /dev/stdout >>stdout.log 2>/dev/null
[[ $(stat -c %i stdout.log) == "${inodes[stdout.log]}" && $(head -n 2 stdout.log | tail -n 1) =~ ^[0-9]+\ 8$ ]] ||
  fail "train --output /dev/stdout: $(head -n 3 stdout.log)"
echo earlier >phrases.log
inodes[phrases.log]=$(stat -c %i phrases.log)
"$gradvec" phrases --corpus c.txt --output p.txt 2>/dev/null
"$gradvec" phrases --corpus c.txt --output /dev/fd/5 5>>phrases.log 2>/dev/null
appended phrases.log "$(cat p.txt)"
[[ -z $(ls -A | grep '^\.') ]] || fail "temporaries or locks left behind: $(ls -A | grep '^\.')"
echo "ok: outputs to /dev/stdout, /dev/stderr, /dev/fd/N and /proc/self/fd/N append to the file they are open to"

# Closed, or open for reading only: refused up front.
"$expect_failure" 2 "^gradvec: error: cannot write /dev/fd/9: Bad file descriptor$" "${convert[@]}" /dev/fd/9
"$expect_failure" 2 "^gradvec: error: cannot write /dev/fd/3: the descriptor is open for reading only$" \
  "${convert[@]}" /dev/fd/3 3<c.txt
"$expect_failure" 2 "^gradvec: error: cannot write /dev/fd/3: the descriptor is open for reading only$" \
  "$gradvec" train --corpus c.txt --quiet --output /dev/fd/3 3<small.vec
echo "ok: closed and read-only descriptors refused before any work"
