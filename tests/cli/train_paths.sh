#!/usr/bin/env bash
# train_paths.sh GRADVEC CORPUS: train says what is wrong with a corpus path, refuses an output or
# checkpoint path it cannot write before it counts or trains, and when a write fails after
# training (a full disk, /dev/full) keeps the work: the vectors if the checkpoint failed, a
# checkpoint in $TMPDIR that --resume finishes if the vectors failed.
# Tests run as root, whom a read-only directory does not stop: unwritable paths are a path
# under a file, a directory, /dev/full, and a 4 KiB tmpfs when one can be mounted.
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
full=$work/full
at_exit() { ! mountpoint -q "$full" 2>/dev/null || umount "$full"; }
head -n 3000 "$corpus" >"$work/corpus.txt"
train=("$gradvec" train --corpus "$work/corpus.txt" --quiet --epochs 1 --threads 1 --dim 8)

# The corpus: what it is, not "not found".
mkfifo "$work/fifo"
: >"$work/empty.txt"
"$expect_failure" 2 "$work/: a directory in a list of corpus files; give a directory alone" \
  "$gradvec" train --corpus "$work/corpus.txt" "$work/"
"$expect_failure" 2 "/dev/null: corpus is a character device, not a regular file \(a corpus is read more than once\)$" \
  "$gradvec" train --corpus /dev/null
"$expect_failure" 2 "fifo: corpus is a FIFO, not a regular file" "$gradvec" train --corpus "$work/fifo"
"$expect_failure" 2 "empty.txt: the corpus is empty$" "$gradvec" train --corpus "$work/empty.txt" --output "$work/v.vec"

# Outputs that cannot be written fail before the counting pass: with --min-count too high for
# any word, a check made after counting would report that instead.
late=(--min-count 1000000000)
"$expect_failure" 2 "cannot write $work/corpus.txt/v.vec: Not a directory$" \
  "${train[@]}" "${late[@]}" --output "$work/corpus.txt/v.vec"
"$expect_failure" 2 "cannot write $work: is a directory$" "${train[@]}" "${late[@]}" --output "$work"
"$expect_failure" 2 "cannot write $work: is a directory$" \
  "${train[@]}" "${late[@]}" --output "$work/v.vec" --checkpoint "$work"
"$expect_failure" 2 "cannot write $work/corpus.txt/run.ckpt: Not a directory$" \
  "${train[@]}" "${late[@]}" --output "$work/v.vec" --checkpoint "$work/corpus.txt/run.ckpt"
[[ -z $(ls -A "$TMPDIR") && ! -e $work/v.vec ]] || fail "a refused run left files behind"

# resumes_to ERRFILE OUTPUT: runs the resume command the error printed, writing OUTPUT instead,
# and checks the vectors it writes load.
resumes_to() {
  local command
  command=$(grep -o 'write its vectors with gradvec train .*' "$1") || fail "no resume command in: $(cat "$1")"
  command=${command#write its vectors with gradvec }
  eval "\"\$gradvec\" ${command/--output \/dev\/full/--output \"\$2\"}" >/dev/null
  [[ $("$gradvec" info --vectors "$2") == *"format: word2vec binary"* ]] || fail "$2 is not what was asked"
}

# The vectors cannot be written: the trained model is kept in $TMPDIR, and the printed command
# finishes the run with the same outputs.
status=0
"${train[@]}" --output /dev/full --output-format w2v-bin 2>"$work/err" >/dev/null || status=$?
cat "$work/err"
[[ $status -eq 2 && $(grep -c . "$work/err") -eq 1 ]] || fail "status $status, expected 2 and one line"
grep -Eq "^gradvec: error: cannot write /dev/full: .*; the trained model is kept in $TMPDIR/gradvec-train-[0-9]+-[A-Za-z0-9]+\.ckpt: write its vectors with gradvec train --resume $TMPDIR/gradvec-train-[0-9]+-[A-Za-z0-9]+\.ckpt --corpus $work/corpus.txt --output /dev/full --output-format w2v-bin --quiet$" "$work/err" ||
  fail "unexpected message"
resumes_to "$work/err" "$work/resumed.bin"

# The checkpoint cannot be written: the vectors still are, and the checkpoint goes to $TMPDIR.
rm -f "$TMPDIR"/*
"$expect_failure" 2 "^gradvec: error: cannot write /dev/full: write failed \(No space left on device\); checkpoint written to $TMPDIR/gradvec-train-[0-9]+-[A-Za-z0-9]+\.ckpt; the vectors were written to $work/v.vec$" \
  "${train[@]}" --output "$work/v.vec" --checkpoint /dev/full
"$gradvec" info --vectors "$work/v.vec" >/dev/null
"$gradvec" train --corpus "$work/corpus.txt" --quiet --resume "$TMPDIR"/gradvec-train-*.ckpt \
  --output "$work/again.vec" >/dev/null

# A full disk, where a tmpfs can be mounted: 4 KiB takes the empty file that checks the path, not
# the 40 KB of vectors or the 30 KB checkpoint.
mkdir "$full"
if mount -t tmpfs -o size=4k tmpfs "$full" 2>/dev/null; then
  rm -f "$TMPDIR"/*
  "$expect_failure" 2 "cannot write $full/v.vec: write failed.*; the trained model is kept in $TMPDIR/gradvec-train-[0-9]+-[A-Za-z0-9]+\.ckpt: write its vectors with" \
    "${train[@]}" --output "$full/v.vec"
  [[ -z $(ls -A "$full") ]] || fail "a partial file left on the full disk"
  "$expect_failure" 2 "cannot write $full/run.ckpt: write failed.*; checkpoint written to $TMPDIR/gradvec-train-[0-9]+-[A-Za-z0-9]+\.ckpt; the vectors were written to $work/v2.vec$" \
    "${train[@]}" --output "$work/v2.vec" --checkpoint "$full/run.ckpt"
  "$gradvec" info --vectors "$work/v2.vec" >/dev/null
  echo "ok: a full tmpfs"
else
  echo "note: no tmpfs could be mounted here; /dev/full stood for a full disk"
fi
echo "ok: corpus kinds named, unwritable outputs refused before training, work kept when a write fails"
