#!/usr/bin/env bash
# lm.sh GRADVEC CORPUS: `gradvec lm` end to end on a tiny model: train writes a checkpoint
# (atomically, nothing left behind) and ends with the validation loss (none per character when
# the held-out tokens begin no character, and why); sample repeats with its seed and continues a
# prompt; eval reads longer windows where the positions allow it, tests relative positions, and
# refuses where they do not; bad input is one line and status 2.
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
head -c 20000 "$corpus" >"$work/corpus.txt"
tiny=(--corpus "$work/corpus.txt" --layers 1 --heads 2 --dim 16 --context 16 --batch 4 --steps 10
  --threads 2 --quiet)

"$gradvec" lm train "${tiny[@]}" --output "$work/rope.lm" >"$work/out.txt"
tail -n 1 "$work/out.txt" | grep -Eq '^validation loss ([0-9]+\.[0-9]{4}) nats per token, \1 nats per character \(context 16\)$' ||
  fail "train's last line: $(tail -n 1 "$work/out.txt")"
grep -q "model written to $work/rope.lm" "$work/out.txt" || fail "train output: $(cat "$work/out.txt")"
[[ $(ls -A "$work") == $'corpus.txt\nout.txt\nrope.lm' ]] || fail "files left behind: $(ls -A "$work")"

# The same seed gives the same text; the default prompt is the first character (a newline).
"$gradvec" lm sample --lm "$work/rope.lm" --length 40 --seed 3 >"$work/a.txt"
"$gradvec" lm sample --lm "$work/rope.lm" --length 40 --seed 3 >"$work/b.txt"
cmp -s "$work/a.txt" "$work/b.txt" || fail "sample is not repeatable"
(($(wc -c <"$work/a.txt") >= 41)) || fail "sample too short: $(cat "$work/a.txt")"
# Temperature 0 is greedy: the seed draws nothing, so two seeds give one text.
"$gradvec" lm sample --lm "$work/rope.lm" --length 40 --temperature 0 --seed 3 >"$work/a.txt"
"$gradvec" lm sample --lm "$work/rope.lm" --length 40 --temperature 0 --seed 4 >"$work/b.txt" ||
  fail "sample --temperature 0 exited $?"
cmp -s "$work/a.txt" "$work/b.txt" || fail "sample --temperature 0 depends on the seed"
[[ $("$gradvec" lm sample --lm "$work/rope.lm" --length 5 --prompt "ROMEO:" --top-k 3) == "ROMEO:"* ]] ||
  fail "the sample does not start with its prompt"
"$expect_failure" 2 "--prompt: '@' at offset 1 is not one of the model's [0-9]+ characters" \
  "$gradvec" lm sample --lm "$work/rope.lm" --prompt "A@"

# RoPE reads twice its context, and its layer-1 scores do not move with the text.
"$gradvec" lm eval --lm "$work/rope.lm" --corpus "$work/corpus.txt" --context 32 \
  --shift 8 >"$work/eval.txt"
grep -Eq '^validation loss ([0-9.]+) nats per token, \1 nats per character \(context 32\)$' "$work/eval.txt" ||
  fail "eval: $(cat "$work/eval.txt")"
grep -Eq 'change by at most [0-9.]+e-0[5-9] when they move 8 positions later' "$work/eval.txt" ||
  fail "rope's scores moved: $(cat "$work/eval.txt")"

grep -Eq '^at positions 0-15: [0-9.]+ \| at positions 16-31: [0-9.]+$' "$work/eval.txt" ||
  fail "eval past the trained context: $(cat "$work/eval.txt")"
"$expect_failure" 2 "--shift must be below the context \(16\), got 16" \
  "$gradvec" lm eval --lm "$work/rope.lm" --corpus "$work/corpus.txt" --shift 16

# Learned positions stop at the context.
"$gradvec" lm train "${tiny[@]}" --pos learned --output "$work/learned.lm" >/dev/null
"$expect_failure" 2 "^gradvec: error: --context 32: learned positions end at the trained context 16; the model cannot read 32 characters at once$" \
  "$gradvec" lm eval --lm "$work/learned.lm" --corpus "$work/corpus.txt" --context 32

# A resumed run keeps the checkpoint's settings; the corpus must be the one it trained on.
"$expect_failure" 2 "--resume excludes --dim" \
  "$gradvec" lm train --corpus "$work/corpus.txt" --resume "$work/rope.lm" --dim 8
head -c 15000 "$corpus" >"$work/other.txt"
"$expect_failure" 2 "rope.lm: was written for a corpus of 20000 bytes, but .*other.txt has 15000" \
  "$gradvec" lm train --corpus "$work/other.txt" --resume "$work/rope.lm" --output "$work/x.lm"
"$expect_failure" 2 "corpus.txt: not a valid gradvec language-model checkpoint" \
  "$gradvec" lm sample --lm "$work/corpus.txt"
head -c 3000 "$work/rope.lm" >"$work/cut.lm"
"$expect_failure" 2 "cut.lm: not a valid gradvec language-model checkpoint \(truncated or corrupt" \
  "$gradvec" lm sample --lm "$work/cut.lm"
# A corpus too large for memory is refused before it is read (a sparse file: no disk is used).
truncate -s 4T "$work/huge.txt"
"$expect_failure" 2 "huge.txt: the corpus and its ids need [0-9.]+ GB but (this machine has|this process may use) [0-9.]+ GB.*; use a shorter corpus" \
  "$gradvec" lm train --corpus "$work/huge.txt" --allow-binary-corpus --output "$work/x.lm"
[[ ! -e $work/x.lm ]] || fail "a refused run wrote its output"

# Held-out bytes that only continue a character begun before them (the last two of a euro sign)
# give no loss per character: the line says so rather than dividing by no characters.
printf 'aaaaaaaaaaaaaaaaaaaaaaaaaaa\xe2\x82\xac' >"$work/euro.txt"  # 30 bytes: 3 held out
"$gradvec" lm train --corpus "$work/euro.txt" --layers 1 --heads 2 --dim 16 --context 1 \
  --batch 4 --steps 2 --threads 1 --quiet --output "$work/euro.lm" >"$work/out.txt"
none='^validation loss [0-9]+\.[0-9]{4} nats per token, none per character: the 2 tokens predicted hold no first byte of a UTF-8 character \(context 1\)$'
tail -n 1 "$work/out.txt" | grep -Eq "$none" || fail "train's last line: $(tail -n 1 "$work/out.txt")"
"$gradvec" lm eval --lm "$work/euro.lm" --corpus "$work/euro.txt" >"$work/eval.txt"
grep -Eq "$none" "$work/eval.txt" || fail "eval: $(cat "$work/eval.txt")"
echo "ok: lm train, sample and eval"
