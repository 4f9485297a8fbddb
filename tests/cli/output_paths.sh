#!/usr/bin/env bash
# output_paths.sh GRADVEC CORPUS: an output that names the same file as an input or another
# output is refused before any work, in one line naming both options, by every command with
# several paths (resuming from a checkpoint and rewriting it stays allowed); a link planted at a
# temporary's old predictable name is never written through; an output that is a link is written
# through to its target; a read-only output is refused before training; a 255-byte name works.
set -euo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
cd "$work"
head -n 2000 "$corpus" >c.txt
cp c.txt c.orig
mkdir dir
head -n 1000 c.txt >dir/a.txt
printf '3 2\na 1 0\nb 0 1\nc 1 1\n' >small.vec
cp small.vec small.orig
train=("$gradvec" train --quiet --epochs 1 --threads 1 --dim 8 --min-count 1)
same() { "$expect_failure" 2 "^gradvec: error: $1 name the same file$" "${@:2}"; }

# train: the corpus (a file, a directory's file, through a link), the vocabulary, the checkpoint.
same "--output c.txt and --corpus c.txt" "${train[@]}" --corpus c.txt --output c.txt
same "--checkpoint c.txt and --corpus c.txt" "${train[@]}" --corpus c.txt --output v.vec --checkpoint c.txt
same "--save-vocab ./c.txt and --corpus c.txt" "${train[@]}" --corpus c.txt --output v.vec --save-vocab ./c.txt
same "--output dir/a.txt and --corpus dir/a.txt" "${train[@]}" --corpus dir --output dir/a.txt
ln -s c.txt link.txt
same "--output link.txt and --corpus c.txt" "${train[@]}" --corpus c.txt --output link.txt
same "--checkpoint $work/sub/../v.vec and --output v.vec" "${train[@]}" --corpus c.txt --output v.vec \
  --checkpoint "$work/sub/../v.vec"
same "--checkpoint v.vec and --output v.vec" "${train[@]}" --corpus c.txt --output v.vec --checkpoint v.vec
same "--save-vocab v.ckpt and --checkpoint v.ckpt" "${train[@]}" --corpus c.txt --output v.vec \
  --checkpoint v.ckpt --save-vocab v.ckpt
"$expect_failure" 2 "^gradvec: error: --save-vocab - and --output - both write to standard output$" \
  "${train[@]}" --corpus c.txt --output - --save-vocab -
cmp -s c.txt c.orig || fail "the corpus was changed"
[[ ! -e v.vec && ! -e v.ckpt && -z $(ls -A | grep '^\.') ]] || fail "a refused run wrote: $(ls -A)"
"${train[@]}" --corpus c.txt --output v.vec --checkpoint run.ckpt --save-vocab vocab.txt >/dev/null
same "--output vocab.txt and --read-vocab vocab.txt" "${train[@]}" --corpus c.txt --read-vocab vocab.txt \
  --output vocab.txt
same "--output run.ckpt and --resume run.ckpt" "${train[@]}" --corpus c.txt --resume run.ckpt --output run.ckpt
# Resuming from a checkpoint and rewriting it is allowed: the run continues the one it resumes.
"${train[@]}" --corpus c.txt --resume run.ckpt --checkpoint run.ckpt --output v2.vec >/dev/null
"${train[@]}" --corpus c.txt --resume run.ckpt --output v3.vec >/dev/null

# lm train: corpus, output, checkpoint; --resume may be rewritten as --checkpoint or --output.
lm=("$gradvec" lm train --corpus c.txt --layers 1 --heads 2 --dim 8 --context 8 --batch 2 --steps 2
  --threads 1 --quiet)
same "--output c.txt and --corpus c.txt" "${lm[@]}" --output c.txt
same "--checkpoint m.lm and --output m.lm" "${lm[@]}" --output m.lm --checkpoint m.lm
"${lm[@]}" --output m.lm >/dev/null
same "--output c.txt and --corpus c.txt" "$gradvec" lm train --corpus c.txt --resume m.lm --output c.txt
"$gradvec" lm train --corpus c.txt --resume m.lm --checkpoint m.lm --output m2.lm --quiet >/dev/null
"$gradvec" lm train --corpus c.txt --resume m.lm --output m.lm --quiet >/dev/null

# phrases: the corpus, the rewritten corpus and the list.
same "--output c.txt and --corpus c.txt" "$gradvec" phrases --corpus c.txt --output c.txt
same "--list c.txt and --corpus c.txt" "$gradvec" phrases --corpus c.txt --output p.txt --list c.txt
same "--list p.txt and --output p.txt" "$gradvec" phrases --corpus c.txt --output p.txt --list p.txt

# convert and plot: the vectors read and the file written.
same "--output small.vec and --vectors small.vec" "$gradvec" convert --vectors small.vec --output small.vec --output-format glove
same "--output small.vec and --vectors small.vec" "$gradvec" plot --vectors small.vec --top 3 --output small.vec
cmp -s c.txt c.orig && cmp -s small.vec small.orig || fail "an input was changed"
echo "ok: shared paths refused by name in train, lm train, phrases, convert and plot"

# Links planted where the checkpoint kept in $TMPDIR could be guessed to go (the pid is exec's,
# the names those of earlier versions): the model goes to a fresh name, the victim is untouched.
mkdir tmp
echo precious >victim.txt
sh -c 'ln -s "$PWD/victim.txt" "tmp/gradvec-train-$$.ckpt"
  ln -s "$PWD/victim.txt" "tmp/gradvec-train-$$.ckpt.tmp.$$"
  exec env TMPDIR=tmp "$0" train --quiet --epochs 1 --threads 1 --dim 8 --corpus c.txt --output /dev/full' \
  "$gradvec" 2>kept.err && fail "a write to /dev/full succeeded"
grep -Eq "the trained model is kept in tmp/gradvec-train-[0-9]+-[A-Za-z0-9]{10}\.ckpt" kept.err ||
  fail "no fresh checkpoint named: $(cat kept.err)"
[[ $(cat victim.txt) == precious && $(find tmp -type l | wc -l) == 2 ]] ||
  fail "a planted link was written through"

# A link planted at the temporary's old name (the pid is exec's): the victim keeps its bytes.
echo precious >victim.txt
sh -c 'ln -s victim.txt t.vec.tmp.$$; exec "$0" convert --vectors small.vec --output t.vec --output-format glove' "$gradvec" >/dev/null
[[ $(cat victim.txt) == precious ]] || fail "the victim was overwritten: $(cat victim.txt)"
[[ ! -L t.vec && $(head -n 1 t.vec) == "a 1 0" ]] || fail "t.vec is not the new file"
# An output that is a link is written through to its target, and stays a link.
ln -s victim.txt through.vec
"$gradvec" convert --vectors small.vec --output through.vec --output-format glove >/dev/null
[[ -L through.vec && $(head -n 1 victim.txt) == "a 1 0" ]] || fail "not written through the link"

# A read-only output is refused before the corpus is counted (the --min-count would fail later).
echo keep >locked.vec
chmod 0444 locked.vec
"$expect_failure" 2 "^gradvec: error: cannot write locked.vec: the file is read-only \(mode 0444\)$" \
  "$gradvec" train --quiet --corpus c.txt --output locked.vec --min-count 1000000000
[[ $(cat locked.vec) == keep ]] || fail "the read-only file was changed"
# An existing output keeps its mode.
chmod 0604 t.vec
"$gradvec" convert --vectors small.vec --output t.vec --output-format w2v >/dev/null
[[ $(stat -c %a t.vec) == 604 ]] || fail "mode not kept: $(stat -c %a t.vec)"

# A name of 255 bytes, NAME_MAX: the temporary beside it has a short name of its own.
long=$(printf 'n%.0s' {1..251}).vec
"$gradvec" convert --vectors small.vec --output "$long" --output-format glove >/dev/null
[[ $(head -n 1 "$long") == "a 1 0" ]] || fail "the 255-byte name was not written"
[[ -z $(ls -A | grep '^\.') ]] || fail "temporaries left behind: $(ls -A | grep '^\.')"
echo "ok: planted links untouched, links written through, read-only refused, modes kept, long names"
