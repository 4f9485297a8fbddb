#!/usr/bin/env bash
# write_limits.sh GRADVEC CORPUS
# A write that the kernel refuses by a signal (SIGPIPE into a closed pipe, SIGXFSZ past
# `ulimit -f`) fails as any other write does: one line naming the output and why (EPIPE,
# EFBIG), the trained model kept in a $TMPDIR checkpoint when it fits, a non-zero exit, and no
# temporary or lock file left (train, lm train, convert). The signal used to end the process with
# no word, the model lost, its temporaries and .lock files left.
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
cd "$work"
ckpt="$TMPDIR/gradvec-(train|lm)-[0-9]+-[A-Za-z0-9]+\.ckpt"
train=("$gradvec" train --corpus "$corpus" --epochs 1 --threads 1 --quiet)

# no_leftovers: nothing but the named files and $TMPDIR's checkpoints.
no_leftovers() {
  [[ -z $(leftovers "$work") ]] || fail "left behind: $(leftovers "$work")"
}

# --output - into a pipe its reader closed: EPIPE, the model kept.
set +e
"${train[@]}" --output - 2>err | head -c 100 >/dev/null
status=${PIPESTATUS[0]}
set -e
cat err
[[ $status -eq 2 ]] || fail "train --output - | head: exit status $status, expected 2"
grep -Eq "^gradvec: error: cannot write to standard output: write failed \(Broken pipe\); the trained model is kept in $ckpt: write its vectors with gradvec train --resume" err ||
  fail "train --output - | head: no message naming the output and the kept model"
no_leftovers
"$gradvec" train --corpus "$corpus" --quiet --resume "$(ls "$TMPDIR"/gradvec-train-*.ckpt)" --output again.vec >/dev/null
rm -f "$TMPDIR"/*

# Past `ulimit -f` (3.5 MB: the 4 MB vectors do not fit, the 3.2 MB checkpoint does): EFBIG.
status=0
(ulimit -f 3500; exec "${train[@]}" --output v.vec) >/dev/null 2>err || status=$?
cat err
[[ $status -eq 2 ]] || fail "train past ulimit -f: exit status $status, expected 2"
grep -Eq "^gradvec: error: cannot write v.vec: write failed \(File too large\); the trained model is kept in $ckpt: write its vectors with" err ||
  fail "train past ulimit -f: no message naming the output and the kept model"
[[ ! -e v.vec ]] || fail "a partial v.vec"
no_leftovers
rm -f "$TMPDIR"/*

# lm train: a limit no model fits in, its fallback included: the line says it is lost.
status=0
(ulimit -f 4; exec "$gradvec" lm train --corpus "$corpus" --steps 2 --layers 1 --dim 16 --quiet --output m.lm) >/dev/null 2>err || status=$?
cat err
[[ $status -eq 2 ]] || fail "lm train past ulimit -f: exit status $status, expected 2"
grep -Eq "^gradvec: error: cannot write m.lm: write failed \(File too large\).*; the trained model is lost" err ||
  fail "lm train past ulimit -f: no message naming the output"
no_leftovers

# convert, into a closed pipe and past the limit.
set +e
"$gradvec" convert --vectors again.vec --output - --output-format w2v 2>err | head -c 10 >/dev/null
status=${PIPESTATUS[0]}
set -e
[[ $status -eq 2 ]] || fail "convert --output - | head: exit status $status, expected 2"
grep -q "^gradvec: error: cannot write to standard output: write failed (Broken pipe)$" err || fail "convert into a closed pipe: $(cat err)"
status=0
(ulimit -f 100; exec "$gradvec" convert --vectors again.vec --output c.vec --output-format w2v) >/dev/null 2>err || status=$?
[[ $status -eq 2 ]] || fail "convert past ulimit -f: exit status $status, expected 2"
grep -q "^gradvec: error: cannot write c.vec: write failed (File too large)$" err || fail "convert past ulimit -f: $(cat err)"
[[ ! -e c.vec ]] || fail "a partial c.vec"
no_leftovers
echo "ok: a closed pipe and ulimit -f are write errors: one line, the model kept, nothing left"
