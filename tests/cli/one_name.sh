#!/usr/bin/env bash
# one_name.sh GRADVEC CORPUS: one name means one thing in every command.
#   - The renamed options' old spellings (convert's --in/--out/--to/--from, plot's --out, --format
#     for a format read or written, lm sample's and lm eval's --checkpoint) do what the new names
#     do, byte for byte; no --help shows them and "did you mean" never offers them.
#   - --threads 0 means one thread per core in every command that takes --threads.
#   - Every command that writes a file creates its missing directories.
#   - Every range in every --help is written [a, b].
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
cd "$work"
head -n 2000 "$corpus" >corpus.txt
small=(--corpus corpus.txt --dim 8 --epochs 1 --threads 1 --min-count 3 --quiet)

# same NAME OLD_FILE NEW_FILE: the old spelling's output is the new one's.
same() {
  cmp -s "$2" "$3" || fail "$1: the old spelling wrote something else"
  echo "ok: $1"
}
"$gradvec" train "${small[@]}" --output v.bin --format w2v-bin
"$gradvec" train "${small[@]}" --output v2.bin --output-format w2v-bin
same "train --format is --output-format" v.bin v2.bin
"$gradvec" convert --in v.bin --from w2v-bin --out old.txt --to glove >/dev/null
"$gradvec" convert --vectors v.bin --vectors-format w2v-bin --output new.txt \
  --output-format glove >/dev/null
same "convert --in --from --out --to are --vectors --vectors-format --output --output-format" \
  old.txt new.txt
"$gradvec" convert --in=v.bin --format=w2v-bin --out=old2.txt --to=glove >/dev/null
same "convert's old spellings with =VALUE, and --format as the format read" old2.txt new.txt
"$gradvec" nearest --vectors v.bin --format w2v-bin --k 3 thou >old.txt
"$gradvec" nearest --vectors v.bin --vectors-format w2v-bin --k 3 thou >new.txt
same "nearest --format is --vectors-format" old.txt new.txt
"$gradvec" plot --vectors v.bin --top 5 --out old.svg >/dev/null
"$gradvec" plot --vectors v.bin --top 5 --output new.svg >/dev/null
same "plot --out is --output" old.svg new.svg
"$gradvec" lm train --corpus corpus.txt --output m.lm --steps 2 --layers 1 --dim 8 --heads 2 \
  --context 8 --batch 2 --threads 1 --quiet >/dev/null
"$gradvec" lm sample --checkpoint m.lm --length 20 >old.txt
"$gradvec" lm sample --lm m.lm --length 20 >new.txt
same "lm sample --checkpoint is --lm" old.txt new.txt
"$gradvec" lm eval --checkpoint m.lm --corpus corpus.txt --threads 1 >old.txt
"$gradvec" lm eval --lm m.lm --corpus corpus.txt --threads 1 >new.txt
same "lm eval --checkpoint is --lm" old.txt new.txt

# Hidden: in no --help, and never offered for a typo.
commands=(train phrases pe "lm train" "lm sample" "lm eval" nearest analogy "eval analogy"
  "eval similarity" repl convert info plot vector)
for command in "${commands[@]}"; do
  # shellcheck disable=SC2086 # the command's words
  help=$("$gradvec" $command --help)
  if grep -Eq -- '(^|[ ,])--(in|out|to|from|format)([ =,]|$)' <<<"$help"; then
    fail "$command --help shows an old spelling: $(grep -E -- '--(in|out|to|from|format)\b' <<<"$help")"
  fi
  [[ $command == "lm sample" || $command == "lm eval" ]] && grep -q -- '--checkpoint' <<<"$help" &&
    fail "$command --help shows --checkpoint"
  # Every range as [a, b]: CLI11's own ranges read [a - b].
  if grep -Eq '\[[^]]* - [^]]*\]' <<<"$help"; then
    fail "$command --help writes a range with ' - ': $(grep -E '\[[^]]* - [^]]*\]' <<<"$help")"
  fi
done
echo "ok: no --help shows an old spelling or a range written [a - b]"
"$expect_failure" 2 "^gradvec: error: unknown option '--ot' for gradvec convert \(see its --help\)$" \
  "$gradvec" convert --ot x.txt
"$expect_failure" 2 "^gradvec: error: unknown option '--checkpont'; did you mean '--lm'\?$|^gradvec: error: unknown option '--checkpont' for gradvec lm sample" \
  "$gradvec" lm sample --checkpont m.lm

# --threads 0: one per core, said in the header where a command has one.
cores=$(nproc)
((cores > 1024)) && cores=1024
"$gradvec" train --corpus corpus.txt --dim 8 --epochs 1 --min-count 3 --threads 0 --output t0.vec \
  --show thou >train.txt 2>&1
grep -q "$cores thread(s)" train.txt || fail "train --threads 0 is not $cores threads: $(head -3 train.txt)"
echo "ok: train --threads 0 runs $cores threads"
"$gradvec" phrases --corpus corpus.txt --output p.txt --threads 0 2>/dev/null
"$gradvec" nearest --vectors t0.vec --threads 0 --k 1 thou >/dev/null
"$gradvec" lm eval --lm m.lm --corpus corpus.txt --threads 0 >/dev/null
for command in train phrases "lm train" "lm eval" nearest convert; do
  # shellcheck disable=SC2086
  "$gradvec" $command --help | awk '/^  --/ { on = /^  --threads / } on' | tr -s ' \n' ' ' |
    grep -q "(0: one per core)" ||
    fail "$command --help does not say what --threads 0 means"
done
echo "ok: --threads 0 means one per core in phrases, nearest, lm eval, and every --help says so"

# Missing directories: created by every command that writes a file.
"$gradvec" train "${small[@]}" --output new/a/v.vec --checkpoint new/b/run.ckpt \
  --save-vocab new/c/vocab.txt
"$gradvec" convert --vectors v.bin --output new/d/v.txt --output-format glove >/dev/null
"$gradvec" plot --vectors v.bin --top 3 --output new/e/p.svg >/dev/null
"$gradvec" phrases --corpus corpus.txt --output new/f/p.txt --list new/g/l.txt 2>/dev/null
"$gradvec" pe --kind sinusoidal --len 4 --dim 4 --svg new/h/pe.svg >/dev/null
"$gradvec" lm train --corpus corpus.txt --output new/i/m.lm --checkpoint new/j/m.ckpt --steps 1 \
  --layers 1 --dim 8 --heads 2 --context 8 --batch 2 --threads 1 --quiet >/dev/null
for file in a/v.vec b/run.ckpt c/vocab.txt d/v.txt e/p.svg f/p.txt g/l.txt h/pe.svg i/m.lm j/m.ckpt; do
  [[ -s new/$file ]] || fail "new/$file was not written"
done
echo "ok: train, convert, plot, phrases, pe and lm train create their outputs' directories"
