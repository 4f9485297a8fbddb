#!/usr/bin/env bash
# interrupt_resume.sh GRADVEC CORPUS
# Ctrl-C during `gradvec train` must stop cleanly: status 130, a checkpoint written, no vector
# file yet; the resume command it prints must then finish the run with the same outputs, in the
# same format. A checkpoint path that cannot be written sends the checkpoint to $TMPDIR, as does
# an output that is no regular file (a device, standard output): no OUTPUT.ckpt beside it.
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"

# interrupt ARGS...: trains with ARGS, interrupts it as soon as training has started (the
# summary line that follows the vocabulary pass is out), and leaves its stderr in $work/err.
# Waiting for that line rather than for a fixed time keeps the check from racing a run that
# grows faster, or one slowed by a sanitizer.
interrupt() {
  : >"$work/err"  # emptied here: the job's own redirection may come after the wait first reads it
  "$gradvec" train --corpus "$corpus" --epochs 12 --threads 1 "$@" 2>"$work/err" >/dev/null &
  local pid=$! status=0
  until grep -q ' words in vocabulary' "$work/err"; do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.02
  done
  kill -INT "$pid"
  wait "$pid" || status=$?
  cat "$work/err"
  [[ $status -ne 0 ]] || { echo "FAIL: the run finished before the interrupt; use a longer run"; exit 1; }
  [[ $status -eq 130 ]] || { echo "FAIL: exit status $status after Ctrl-C, expected 130"; exit 1; }
}
# resume: runs the command the interrupted run printed.
resume() {
  local command
  command=$(grep -o 'continue with: gradvec train .*' "$work/err") || { echo "FAIL: no resume command"; exit 1; }
  eval "\"\$gradvec\" ${command#continue with: gradvec }" >/dev/null
}

interrupt --output "$work/v.bin" --output-format w2v-bin --checkpoint "$work/run.ckpt"
[[ -s $work/run.ckpt ]] || { echo "FAIL: no checkpoint after Ctrl-C"; exit 1; }
[[ ! -e $work/v.bin ]] || { echo "FAIL: vectors written by an interrupted run"; exit 1; }
grep -q "checkpoint written to $work/run.ckpt; continue with: gradvec train --resume $work/run.ckpt --corpus $corpus --output $work/v.bin --output-format w2v-bin --checkpoint $work/run.ckpt$" "$work/err" ||
  { echo "FAIL: the resume command does not restate the outputs"; exit 1; }
resume
[[ $("$gradvec" info --vectors "$work/v.bin") == *"format: word2vec binary"* ]] || { echo "FAIL: not the format asked"; exit 1; }
ls -A "$work" | grep -q "^\." && { echo "FAIL: temporary files left behind"; exit 1; }

# The default checkpoint, OUTPUT.ckpt, cannot be written (a directory stands in its way).
mkdir "$work/w.vec.ckpt"
interrupt --output "$work/w.vec"
grep -Eq "^interrupted: cannot write $work/w.vec.ckpt: is a directory; checkpoint written to $TMPDIR/gradvec-train-[0-9]+-[A-Za-z0-9]+\.ckpt; continue with" "$work/err" ||
  { echo "FAIL: the checkpoint was not kept in \$TMPDIR"; exit 1; }
resume
"$gradvec" info --vectors "$work/w.vec" >/dev/null
echo "ok: interrupted, checkpointed, resumed with the same outputs"

# /dev/null.ckpt would be a new file in /dev (as root), -.ckpt one wherever the run was started.
# Each line says why the checkpoint is not beside the output, and where it is.
[[ -e /dev/null.ckpt ]] || at_exit() { rm -f /dev/null.ckpt; }  # what a failure here would leave
cd "$work"
for output in /dev/null -; do
  interrupt --output "$output"
  grep -Eq "^interrupted: no checkpoint beside --output $output, which is not a regular file; checkpoint written to $TMPDIR/gradvec-train-[0-9]+-[A-Za-z0-9]+\.ckpt; continue with: gradvec train --resume .* --output $output( |$)" "$work/err" ||
    fail "--output $output: the checkpoint was not kept in \$TMPDIR"
done
[[ ! -e /dev/null.ckpt && -z $(ls -A | grep -v '^\(err\|run.ckpt\|v.bin\|w.vec\|w.vec.ckpt\)$') ]] ||
  fail "a checkpoint beside a device or standard output: $(ls -A)"
echo "ok: a device's or standard output's checkpoint goes to \$TMPDIR, and the line says why"

# The default checkpoint, OUTPUT.ckpt, is compared with the inputs as the named outputs are: a
# Ctrl-C never replaces the model a run continues (--init m.vec.ckpt --output m.vec) or its
# corpus (x.vec.ckpt); the checkpoint goes to $TMPDIR, and the line says why.
cd "$work"
cp "$corpus" x.vec.ckpt
"$gradvec" train --corpus x.vec.ckpt --epochs 1 --quiet --output m.vec --checkpoint m.vec.ckpt >/dev/null 2>&1
cp m.vec.ckpt model.orig && cp x.vec.ckpt corpus.orig
interrupt --init m.vec.ckpt --output m.vec
grep -Eq "^interrupted: no checkpoint beside --output m.vec: the default checkpoint m.vec.ckpt and --init m.vec.ckpt name the same file; checkpoint written to $TMPDIR/gradvec-train-[0-9]+-[A-Za-z0-9]+\.ckpt; continue with" "$work/err" ||
  fail "--init m.vec.ckpt --output m.vec: the checkpoint did not go to \$TMPDIR"
cmp -s m.vec.ckpt model.orig || fail "Ctrl-C replaced the model being continued, m.vec.ckpt"
corpus=x.vec.ckpt interrupt --output x.vec
grep -Eq "^interrupted: no checkpoint beside --output x.vec: the default checkpoint x.vec.ckpt and --corpus x.vec.ckpt name the same file; checkpoint written to $TMPDIR/" "$work/err" ||
  fail "--corpus x.vec.ckpt --output x.vec: the checkpoint did not go to \$TMPDIR"
cmp -s x.vec.ckpt corpus.orig || fail "Ctrl-C replaced the corpus x.vec.ckpt"
# Resuming the default checkpoint and rewriting it is the run going on, as with --checkpoint.
cp model.orig r.vec.ckpt
interrupt --resume r.vec.ckpt --output r.vec
grep -q "checkpoint written to r.vec.ckpt; continue with" "$work/err" || fail "a resumed OUTPUT.ckpt was not rewritten"
[[ -z $(leftovers "$work") ]] || fail "left behind: $(leftovers "$work")"
echo "ok: the default checkpoint never replaces an input"
