#!/usr/bin/env bash
# output_lock.sh GRADVEC CORPUS: two runs writing the same output never interleave. A second
# `train` (or `lm train`) started while a first writes the same vectors or checkpoint is refused
# in one line naming the output and the first run's pid, before it writes anything; the first
# finishes intact, and no lock file is left behind, even by a run killed with SIGKILL. convert
# and phrases take the same lock. A stale lock file is taken over; one that is a hard link or no
# regular file is refused, never written.
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
cd "$work"

# start ARGS...: starts a long run in the background ($pid) and waits until it trains (its header
# line is out, so its locks are taken), or until it ends.
start() {
  "$@" 2>first.err >first.out &
  pid=$!
  until grep -q ' thread(s)' first.err; do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.02
  done
}
busy="is being written by another gradvec run \\(pid [0-9]+\\)$"
printf '3 2\na 1 0\nb 0 1\nc 1 1\n' >small.vec

# A killed run's lock file, naming its pid: the next run takes it over and names its own.
echo 99999 >.o.vec.lock
start "$gradvec" train --corpus "$corpus" --epochs 6 --threads 1 --dim 50 --output o.vec \
  --checkpoint o.ckpt
kill -0 "$pid" 2>/dev/null || fail "the first run ended before the second started: $(cat first.err)"
"$expect_failure" 2 "^gradvec: error: cannot write o.vec: it $busy" \
  "$gradvec" train --corpus "$corpus" --epochs 1 --dim 60 --quiet --output o.vec
"$expect_failure" 2 "^gradvec: error: cannot write o.ckpt: it $busy" \
  "$gradvec" train --corpus "$corpus" --epochs 1 --dim 60 --quiet --output x.vec --checkpoint o.ckpt
# Every command that writes a file takes its lock.
"$expect_failure" 2 "^gradvec: error: cannot write o.vec: it $busy" \
  "$gradvec" convert --vectors small.vec --output o.vec --output-format glove
"$expect_failure" 2 "^gradvec: error: cannot write o.vec: it $busy" \
  "$gradvec" phrases --corpus "$corpus" --output o.vec
grep -q "(pid $pid)" <("$gradvec" train --corpus "$corpus" --quiet --output o.vec 2>&1) ||
  fail "the message does not name the first run's pid $pid"
[[ ! -e x.vec ]] || fail "the refused run wrote its vectors"
wait "$pid" || fail "the first run failed: $(cat first.err)"
[[ $("$gradvec" info --vectors o.vec) == *"dims: 50"* ]] || fail "o.vec is not the first run's"
"$gradvec" train --corpus "$corpus" --resume o.ckpt --output again.vec --quiet >/dev/null ||
  fail "the first run's checkpoint does not resume"
[[ -z $(ls -A | grep '^\.') ]] || fail "lock files left behind: $(ls -A | grep '^\.')"
echo "ok: a second train on the same outputs refused while the first wrote them"

# lm train the same way.
start "$gradvec" lm train --corpus "$corpus" --layers 1 --heads 2 --dim 16 --context 16 --batch 4 \
  --steps 100000 --threads 1 --output m.lm
kill -0 "$pid" 2>/dev/null || fail "the first lm run ended early: $(cat first.err)"
"$expect_failure" 2 "^gradvec: error: cannot write m.lm: it $busy" \
  "$gradvec" lm train --corpus "$corpus" --steps 1 --quiet --output m.lm
# Its default checkpoint, m.lm.ckpt, which a signal would write, is locked as the outputs are.
"$expect_failure" 2 "^gradvec: error: cannot write m.lm.ckpt: it $busy" \
  "$gradvec" convert --vectors small.vec --output m.lm.ckpt --output-format glove
[[ ! -e m.lm.ckpt ]] || fail "convert wrote the default checkpoint a training run holds"
# A run killed outright leaves its lock file, which does not stop the next run.
kill -KILL "$pid"
wait "$pid" 2>/dev/null || true
"$gradvec" lm train --corpus "$corpus" --layers 1 --heads 2 --dim 8 --context 8 --batch 2 \
  --steps 2 --threads 1 --quiet --output m.lm >/dev/null || fail "a stale lock file blocked a run"
[[ -z $(ls -A | grep '^\.') ]] || fail "lock files left behind: $(ls -A | grep '^\.')"
echo "ok: lm train likewise; a killed run's lock file blocks nothing"

# A lock file is only created new or locked, never written through: a hard link planted at its
# name (to a file the run may write, as root, and another user may not) is refused and its file
# kept whole, as is a FIFO there.
echo precious >victim.txt
ln victim.txt .h.vec.lock
"$expect_failure" 2 "^gradvec: error: cannot write h.vec: its lock file .h.vec.lock has 2 links \\(another file's\\?\\); remove it if no gradvec run is writing h.vec$" \
  "$gradvec" train --corpus "$corpus" --epochs 1 --dim 8 --quiet --output h.vec
[[ $(cat victim.txt) == precious && ! -e h.vec ]] || fail "the hard link's file was written: $(cat victim.txt)"
mkfifo .f.vec.lock
"$expect_failure" 2 "^gradvec: error: cannot write f.vec: its lock file .f.vec.lock is not a regular file; remove it if no gradvec run is writing f.vec$" \
  "$gradvec" convert --vectors small.vec --output f.vec --output-format glove
rm .h.vec.lock .f.vec.lock
echo "ok: lock files planted as hard links or FIFOs refused, their files untouched"
