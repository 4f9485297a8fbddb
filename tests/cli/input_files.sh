#!/usr/bin/env bash
# input_files.sh GRADVEC CORPUS: the files read whole from disk (a checkpoint for train --resume,
# lm train --resume, lm sample and lm eval; a vocabulary for --read-vocab) must be regular files:
# a FIFO or a device is refused at once, in one line naming the option, the file and what it is,
# rather than waited on for a writer or read without end. Each run is bounded by `timeout`, so a
# binary that blocks fails here instead of hanging the suite.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
head -n 2000 "$corpus" >"$work/corpus.txt"
mkfifo "$work/fifo"
refuses() { timeout 20 "$expect_failure" 2 "$@" || exit 1; }

train=("$gradvec" train --corpus "$work/corpus.txt" --quiet --output "$work/v.vec")
refuses "^gradvec: error: --resume: .*fifo: checkpoint is a FIFO, not a regular file" \
  "${train[@]}" --resume "$work/fifo"
refuses "^gradvec: error: --read-vocab: .*fifo: vocabulary is a FIFO, not a regular file" \
  "${train[@]}" --read-vocab "$work/fifo"
refuses "^gradvec: error: --read-vocab: /dev/zero: vocabulary is a character device, not a regular file" \
  "${train[@]}" --read-vocab /dev/zero
refuses "^gradvec: error: --resume: .*fifo: checkpoint is a FIFO, not a regular file" \
  "$gradvec" lm train --corpus "$work/corpus.txt" --resume "$work/fifo"
for command in sample eval; do
  refuses "^gradvec: error: --lm: .*fifo: model is a FIFO, not a regular file" \
    "$gradvec" lm "$command" --lm "$work/fifo"
done

# A regular file of zeros, with no line end within a line's limit: refused at that limit rather
# than read whole into memory.
truncate -s 2M "$work/zeros.txt"
refuses "zeros.txt:1: line longer than 1048576 bytes, the limit for a line of words$" \
  "${train[@]}" --read-vocab "$work/zeros.txt"
[[ ! -e $work/v.vec ]] || { echo "FAIL: a refused run wrote vectors"; exit 1; }
echo "ok: FIFOs, devices and endless lines refused up front for every file read whole"
