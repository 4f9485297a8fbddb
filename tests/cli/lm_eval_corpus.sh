#!/usr/bin/env bash
# lm_eval_corpus.sh GRADVEC CORPUS OLD_CHECKPOINT: lm eval without --corpus scores the model on
# the files it was trained on, which the checkpoint names (absolute, so from any directory),
# however they were given (a relative path, a directory); a corpus that is gone, and a checkpoint
# from before they named their corpus (OLD_CHECKPOINT), are one line naming the path or the model
# and --corpus.
set -uo pipefail
gradvec=$1 corpus=$2 old=$3
source "$(dirname "$0")/scratch.sh"
cd "$work" || fail "no scratch directory"

# Characters TinyShakespeare lacks, so that its default corpus could not score this model.
mkdir own
{ head -n 600 "$corpus"; printf '{Zounds} ~ #%% @\n'; tail -n 300 "$corpus" | head -n 300; } >own/text.txt
lm=(--layers 1 --heads 2 --dim 16 --context 16 --batch 4 --steps 2 --threads 1 --quiet)
"$gradvec" lm train "${lm[@]}" --corpus own/text.txt --output m.lm >/dev/null ||
  fail "lm train failed"
given=$("$gradvec" lm eval --lm m.lm --corpus own/text.txt 2>&1) || fail "lm eval --corpus: $given"
mkdir elsewhere
default=$(cd elsewhere && "$gradvec" lm eval --lm ../m.lm 2>&1) || fail "lm eval: $default"
[[ $default == "$given" ]] || fail "lm eval without --corpus: '$default', with it: '$given'"
"$gradvec" lm train "${lm[@]}" --corpus own --output dir.lm >/dev/null 2>&1 ||
  fail "lm train on a directory failed"
from_dir=$("$gradvec" lm eval --lm dir.lm 2>&1) || fail "lm eval of a directory's model: $from_dir"
[[ $from_dir == "$given" ]] || fail "a directory's model: '$from_dir', its file's: '$given'"
echo "ok: lm eval scores a model on its own corpus by default, from any directory"

mv own/text.txt moved.txt
"$cli/expect_failure.sh" 2 "^gradvec: error: m.lm was trained on $work/own/text.txt, which is not there any more; give --corpus FILE$" \
  "$gradvec" lm eval --lm m.lm || exit 1
"$cli/expect_failure.sh" 2 "^gradvec: error: $old does not name the corpus it was trained on \(written before lm checkpoints kept it\); give --corpus FILE$" \
  "$gradvec" lm eval --lm "$old" || exit 1
echo "ok: a corpus that is gone, and a checkpoint that names none, are one line naming --corpus"
