#!/usr/bin/env bash
# stdout_data.sh GRADVEC CORPUS: when the data goes to standard output (`-`, or /dev/stdout), it
# is all that goes there: every message (summary, "written to", neighbours) goes to stderr, so
# the next program in the pipe reads exactly the file.
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
cd "$work"
head -n 2000 "$corpus" >c.txt
printf '3 2\na 1 0\nb 0 1\nc 1 1\n' >small.vec

# train, with the neighbours shown: the pipe holds the vectors, stderr the messages.
"$gradvec" train --corpus c.txt --epochs 1 --threads 1 --dim 8 --min-count 1 --show the \
  --output - 2>train.err | "$gradvec" info --vectors - >info.txt ||
  fail "the vectors read back: $(cat train.err info.txt)"
grep -q "^dims: 8$" info.txt || fail "info: $(cat info.txt)"
grep -q "^vectors written to -$" train.err && grep -q "^the " train.err ||
  fail "the messages are not on stderr: $(cat train.err)"
"$gradvec" train --corpus c.txt --epochs 1 --threads 1 --dim 8 --min-count 1 --quiet \
  --output /dev/stdout 2>/dev/null | "$gradvec" info --vectors - >/dev/null || fail "--output /dev/stdout"

# convert to w2v text, read back.
"$gradvec" convert --vectors small.vec --output - --output-format w2v 2>convert.err | "$gradvec" info --vectors - >info.txt ||
  fail "convert's output read back: $(cat convert.err info.txt)"
grep -q "^words: 3$" info.txt || fail "info: $(cat info.txt)"
grep -q "^wrote 3 words" convert.err || fail "convert's message: $(cat convert.err)"

# plot: the SVG ends the output, its message on stderr.
"$gradvec" plot --vectors small.vec --top 3 --output - >plot.svg 2>plot.err
[[ $(tail -n 1 plot.svg) == "</svg>" ]] || fail "the SVG's last line: $(tail -n 1 plot.svg)"
grep -q "^wrote - (3 words)$" plot.err || fail "plot's message: $(cat plot.err)"

# lm train: the model is the data.
"$gradvec" lm train --corpus c.txt --layers 1 --heads 2 --dim 8 --context 8 --batch 2 --steps 2 \
  --threads 1 --quiet --output - >model.lm 2>lm.err
"$gradvec" lm sample --lm model.lm --length 5 >/dev/null || fail "the model from stdout"
grep -q "^model written to -$" lm.err && grep -q "^validation loss" lm.err ||
  fail "lm's messages: $(cat lm.err)"
echo "ok: train, convert, plot and lm train keep standard output for the data"
