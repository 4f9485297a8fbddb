#!/usr/bin/env bash
# output_lock.sh GRADVEC CORPUS: two runs writing the same output never interleave. A second
# `train` (or `lm train`) started while a first writes the same vectors or checkpoint is refused
# in one line naming the output and the first run's pid, before it writes anything; the first
# finishes intact, and no lock file is left behind, even by a run killed with SIGKILL.
set -euo pipefail
gradvec=$1 corpus=$2
expect_failure=$(dirname "$0")/expect_failure.sh
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

start "$gradvec" train --corpus "$corpus" --epochs 6 --threads 1 --dim 50 --output o.vec \
  --checkpoint o.ckpt
kill -0 "$pid" 2>/dev/null || fail "the first run ended before the second started: $(cat first.err)"
"$expect_failure" 2 "^gradvec: error: cannot write o.vec: it $busy" \
  "$gradvec" train --corpus "$corpus" --epochs 1 --dim 60 --quiet --output o.vec
"$expect_failure" 2 "^gradvec: error: cannot write o.ckpt: it $busy" \
  "$gradvec" train --corpus "$corpus" --epochs 1 --dim 60 --quiet --output x.vec --checkpoint o.ckpt
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
# A run killed outright leaves its lock file, which does not stop the next run.
kill -KILL "$pid"
wait "$pid" 2>/dev/null || true
"$gradvec" lm train --corpus "$corpus" --layers 1 --heads 2 --dim 8 --context 8 --batch 2 \
  --steps 2 --threads 1 --quiet --output m.lm >/dev/null || fail "a stale lock file blocked a run"
[[ -z $(ls -A | grep '^\.') ]] || fail "lock files left behind: $(ls -A | grep '^\.')"
echo "ok: lm train likewise; a killed run's lock file blocks nothing"
