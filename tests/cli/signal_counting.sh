#!/usr/bin/env bash
# signal_counting.sh GRADVEC
# A signal while a corpus is being counted (or a gzip'd one decompressed), before any training,
# stops the pass at its next sentence (or MiB): status 128 + the signal's number, one line saying nothing was written, no output, no
# checkpoint, no temporary or lock file. The count used to run to its end first (18 s on a
# 100 MB corpus), and train then printed its vocabulary line and wrote a checkpoint of a run
# that had not trained; phrases, whose INT a script's background job has ignored, ran to its
# end and exited 0.
#
# Each run is caught counting (its corpus read past the first chunks but not to the end),
# stopped (SIGSTOP), sent the signal and continued, so that however fast this machine counts,
# the signal arrives while the count is under way; a count that finished first fails the test,
# never passes it.
set -euo pipefail
gradvec=$1
source "$(dirname "$0")/scratch.sh"

# A 64 MiB corpus of 5,000 distinct words: a 1 MiB block doubled six times.
awk 'BEGIN { srand(7); while (size < 1048576) { line = ""
  for (i = 0; i < 12; ++i) line = line " w" int(rand() * 5000); print line; size += length(line) + 1 } }' \
  >"$work/block.txt"
cp "$work/block.txt" "$work/corpus.txt"
for _ in 1 2 3 4 5 6; do cat "$work/corpus.txt" "$work/corpus.txt" >"$work/double.txt"; mv "$work/double.txt" "$work/corpus.txt"; done
rm "$work/block.txt"
corpus=$work/corpus.txt

pid=
at_exit() { [[ -z $pid ]] || kill -9 "$pid" 2>/dev/null || :; }

# read_offset: how far the run has read $reading (the largest file offset of its descriptors for
# it), or empty while it has none open.
reading=$corpus
read_offset() {
  local fd
  for fd in /proc/"$pid"/fd/*; do
    [[ $(readlink "$fd" 2>/dev/null) == "$reading" ]] || continue
    awk '/^pos:/ { print $2 }' /proc/"$pid"/fdinfo/"${fd##*/}" 2>/dev/null || :  # it may close the file meanwhile
  done | sort -n | tail -n 1
}

# interrupt_counting SIGNAL ARGS...: runs gradvec ARGS in the background, waits until it has read
# past 4 MiB of the corpus but not to its end (the checks before counting read its first bytes
# only), and, if $after is set, has printed a line matching it, stops it, makes sure it is still
# reading, sends SIGNAL and lets it go on; $status is its exit status.
after=
interrupt_counting() {
  local signal=$1 offset
  shift
  "$gradvec" "$@" 2>"$work/err" >/dev/null &
  pid=$!
  local size
  size=$(stat -c %s "$reading")
  # Caught mid-read, then stopped; if it moved on meanwhile (a pass ended, its file closed), it goes
  # on and is caught again: one that ends first fails the test.
  while true; do
    kill -0 "$pid" 2>/dev/null || fail "gradvec $* ended before it was caught counting: $(cat "$work/err")"
    offset=$(read_offset)
    if [[ -n $offset && $offset -gt 4194304 && $offset -lt $size ]] &&
      { [[ -z $after ]] || grep -q "$after" "$work/err"; }; then
      kill -STOP "$pid"
      offset=$(read_offset)
      [[ -n $offset && $offset -lt $size ]] && break
      kill -CONT "$pid"
    fi
    sleep 0.005
  done
  kill "-$signal" "$pid"
  kill -CONT "$pid"
  status=0
  wait "$pid" || status=$?
  pid=
  cat "$work/err"
}

# nothing_left WHAT: no file but the corpus in $work, nothing in $TMPDIR.
nothing_left() {
  local left
  left=$(find "$work" "$TMPDIR" -mindepth 1 ! -path "$corpus" ! -path "$work/err")
  [[ -z $left ]] || fail "$1 left: $left"
}

# stopped CASE STATUS PASS DONE: the run interrupt_counting ended exited with STATUS, said
# "interrupted while PASS: nothing was written", never printed DONE (the line that shows the pass
# finished) and left nothing.
stopped() {
  local case=$1 expected=$2 pass=$3 done=$4
  [[ $status -eq $expected ]] || fail "$case: exit status $status, expected $expected"
  grep -q "$done" "$work/err" && fail "$case: the pass finished before the run stopped"
  grep -qx "interrupted while $pass: nothing was written" "$work/err" ||
    fail "$case: no line saying that $pass was interrupted"
  nothing_left "$case"
  echo "ok: $case"
}

interrupt_counting INT train --corpus "$corpus" --output "$work/v.vec" --threads 1 --dim 8 --epochs 1
stopped "train, INT while counting" 130 "counting $corpus" 'words in vocabulary'
grep -q 'checkpoint' "$work/err" && fail "train wrote a checkpoint of a run that had not begun"

interrupt_counting TERM train --corpus "$corpus" --output "$work/v.vec" --threads 2 --dim 8 --epochs 1 \
  --checkpoint "$work/v.ckpt" --save-vocab "$work/v.vocab"
stopped "train --threads 2, TERM while counting" 143 "counting $corpus" 'words in vocabulary'

# A gzip'd corpus is decompressed to $TMPDIR first: that stops too, its spool gone with it.
gzip -1 -c "$corpus" >"$work/corpus.gz"
reading=$work/corpus.gz interrupt_counting INT train --corpus "$work/corpus.gz" --output "$work/v.vec" \
  --threads 1 --dim 8 --epochs 1
rm "$work/corpus.gz"
stopped "train, INT while decompressing" 130 "spooling $work/corpus.gz" 'words in vocabulary'

# INT as a script's background job has it (ignored): phrases takes it as train does.
interrupt_counting INT phrases --corpus "$corpus" --output "$work/p.txt" --list "$work/p.list" --threads 1
stopped "phrases, INT while counting" 130 "counting $corpus" 'bigrams'

# The rewrite, once counting is done, ends the same way, and the phrases' list, written after it,
# is not written either.
after='bigrams (N = ' interrupt_counting HUP phrases --corpus "$corpus" --output "$work/p.txt" \
  --list "$work/p.list" --threads 1
stopped "phrases, HUP while rewriting" 129 "rewriting $corpus" 'pairs joined'

# bpe train takes them too (its INT ignored here as in any script's background job: it used to run
# to its end and exit 0), counting ending at its next MiB, its .lock gone.
interrupt_counting INT bpe train --corpus "$corpus" --output "$work/t.bpe" --vocab-size 300
stopped "bpe train, INT while counting" 130 "counting $corpus" 'merges learned'
