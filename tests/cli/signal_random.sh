#!/usr/bin/env bash
# signal_random.sh GRADVEC CORPUS [TRIALS]
# INT, TERM and HUP sent to `train` and `lm train` at random moments, from process start through
# counting, training, the checkpoint, the output and the neighbours: TRIALS runs per command and
# signal (default $GRADVEC_SIGNAL_TRIALS, else 4). After each: the status is 0 (done before the
# signal came) or 128 + the signal's number; a checkpoint the run announced exists and the command
# it printed resumes it to the end; an output it announced is whole; and no temporary file is
# left, in the work directory or in $TMPDIR (where a gzip'd corpus is spooled). The seed and every
# delay are printed: `GRADVEC_SIGNAL_SEED=S` replays a run.
set -euo pipefail
set -m  # background jobs in their own process group, INT not ignored: as from a terminal
gradvec=$1 corpus=$2
trials=${3:-${GRADVEC_SIGNAL_TRIALS:-4}}
seed=${GRADVEC_SIGNAL_SEED:-$((RANDOM * 32768 + RANDOM))}
RANDOM=$seed
echo "seed $seed (GRADVEC_SIGNAL_SEED=$seed replays it), $trials trials per command and signal"
source "$(dirname "$0")/scratch.sh"
head -n 4000 "$corpus" | gzip >"$work/c.txt.gz"
head -c 20000 "$corpus" >"$work/lm.txt"
commands=(
  "train --corpus $work/c.txt.gz --epochs 4 --threads 2 --output $work/out/v.vec --checkpoint $work/out/v.ckpt --show thou king"
  "lm train --corpus $work/lm.txt --steps 150 --layers 1 --heads 2 --dim 16 --context 16 --batch 4 --output $work/out/m.lm"
)

# milliseconds ARGS...: how long an undisturbed run of gradvec ARGS takes.
milliseconds() {
  local started=${EPOCHREALTIME/./}
  "$gradvec" "$@" >/dev/null 2>&1 || fail "undisturbed run failed: gradvec $*"
  echo $(((${EPOCHREALTIME/./} - started) / 1000))
}

# check_outputs OUT ERR: what the run's stdout (OUT) and stderr (ERR) announced exists whole.
check_outputs() {
  local vectors model
  vectors=$(sed -n 's/^vectors written to //p' "$1")
  model=$(sed -n 's/^model written to //p' "$1")
  if [[ -n $vectors ]]; then
    "$gradvec" info --vectors "$vectors" >/dev/null || fail "announced vectors unreadable: $vectors"
  fi
  if [[ -n $model ]]; then
    "$gradvec" lm sample --lm "$model" --length 5 >/dev/null ||
      fail "announced model unreadable: $model"
  fi
}

# no_temporaries: no temporary, lock or spool file remains.
no_temporaries() {
  local leftover
  leftover=$(leftovers "$work")
  [[ -z $leftover ]] || fail "temporary files left behind: $leftover"
}

for command in "${commands[@]}"; do
  read -ra args <<<"$command"
  name=${args[0]}
  [[ $name == lm ]] && name="lm train"
  mkdir -p "$work/out"
  span=$(milliseconds "${args[@]}")
  rm -rf "$work/out"
  for signal in INT TERM HUP; do
    expected=$(($(kill -l "$signal") + 128))
    for ((trial = 0; trial < trials; ++trial)); do
      mkdir -p "$work/out"
      # Uniform over the undisturbed run's span and a fifth past it.
      delay=$((RANDOM * 32768 + RANDOM))
      delay=$((delay % (span * 6 / 5 + 1)))
      printf '%s: SIG%s after %d ms of %d: ' "$name" "$signal" "$delay" "$span"
      "$gradvec" "${args[@]}" >"$work/out.txt" 2>"$work/err.txt" &
      pid=$!
      # The delay counts from gradvec's start: a signal to the shell forked for it, before it
      # became gradvec, would run this script's EXIT trap there, which removes $work.
      until [[ /proc/$pid/exe -ef $gradvec ]] || ! kill -0 "$pid" 2>/dev/null; do :; done
      sleep "$(printf '%d.%03d' $((delay / 1000)) $((delay % 1000)))"
      kill -"$signal" "$pid" 2>/dev/null || true
      status=0
      wait "$pid" || status=$?
      echo "status $status$(grep -ho -e ' written to ' -e 'checkpoint written' "$work/out.txt" "$work/err.txt" | tr -d '\n' | sed 's/ written to /, output written/; s/checkpoint written/, checkpoint written/')"
      if [[ $status -ne 0 && $status -ne $expected ]]; then
        cat "$work/err.txt"
        fail "exit status $status, expected 0 or $expected"
      fi
      check_outputs "$work/out.txt" "$work/err.txt"
      resume=$(sed -n 's/.*; continue with: gradvec //p' "$work/err.txt")
      if [[ -n $resume ]]; then
        checkpoint=$(sed -n 's/.*checkpoint written to \(.*\); continue with: .*/\1/p' "$work/err.txt")
        [[ -s $checkpoint ]] || fail "announced checkpoint missing: $checkpoint"
        eval "\"\$gradvec\" $resume" >"$work/out.txt" 2>"$work/err.txt" ||
          { cat "$work/err.txt"; fail "the printed command did not resume: gradvec $resume"; }
        check_outputs "$work/out.txt" "$work/err.txt"
        grep -q ' written to ' "$work/out.txt" || fail "the resumed run announced no output"
      fi
      no_temporaries
      rm -rf "$work/out" "$TMPDIR"/*
    done
  done
done
echo "ok: signals at random moments left whole outputs, resumable checkpoints and no temporaries"
