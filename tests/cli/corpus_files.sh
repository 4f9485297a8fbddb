#!/usr/bin/env bash
# corpus_files.sh GRADVEC CORPUS: --corpus takes several files, a directory, - (standard input,
# with --read-vocab) and gzip'd files: split into two files, the corpus trains the same vectors,
# byte for byte (one thread, one seed), in each of those forms; and what cannot be a corpus is one
# line naming it.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
train=("$gradvec" train --epochs 1 --dim 16 --quiet --threads 1 --seed 7)

# Two files that end with a newline, so that `cat a b` is the same sentences as a then b.
mkdir "$work/texts" "$work/texts/sub" "$work/empty"
lines=$(wc -l <"$corpus")
head -n $((lines / 2)) "$corpus" >"$work/texts/a.txt"
tail -n +$((lines / 2 + 1)) "$corpus" >"$work/texts/b.txt"
echo "ignored words" >"$work/texts/.hidden"
echo "ignored words" >"$work/texts/sub/c.txt"
a=$work/texts/a.txt b=$work/texts/b.txt

"${train[@]}" --corpus "$a" "$b" --output "$work/list.vec" --save-vocab "$work/vocab.txt" \
  >/dev/null || fail "training on two files failed"
"${train[@]}" --corpus "$work/texts" --output "$work/dir.vec" >/dev/null ||
  fail "training on a directory failed"
cmp -s "$work/list.vec" "$work/dir.vec" || fail "--corpus DIR trained other vectors than --corpus A B"
cat "$a" "$b" | "${train[@]}" --corpus - --read-vocab "$work/vocab.txt" --output "$work/stdin.vec" \
  >/dev/null || fail "training on standard input failed"
cmp -s "$work/list.vec" "$work/stdin.vec" || fail "--corpus - trained other vectors than --corpus A B"
echo "ok: --corpus A B, --corpus DIR and cat A B | --corpus - train the same vectors"

# A gzip'd file is read as its text (spooled to $TMPDIR, which it leaves empty).
mkdir "$work/tmp" "$work/gz"
gzip -c "$a" >"$work/gz/a.txt.gz"
TMPDIR=$work/tmp "${train[@]}" --corpus "$work/gz/a.txt.gz" "$b" --output "$work/gz.vec" \
  >/dev/null || fail "training on a gzip'd file failed"
cmp -s "$work/list.vec" "$work/gz.vec" || fail "--corpus A.gz B trained other vectors than --corpus A B"
head -c 50000 "$work/gz/a.txt.gz" >"$work/gz/cut.gz"
"$cli/expect_failure.sh" 2 "^gradvec: error: $work/gz/cut.gz: corrupt gzip corpus: unexpected end of file$" \
  "${train[@]}" --corpus "$work/gz/cut.gz" --output "$work/x.vec" || exit 1
# The outputs are checked before a gzip'd file is decompressed: a bad --output is named at once.
touch "$work/not-a-dir"
"$cli/expect_failure.sh" 2 "^gradvec: error: cannot write $work/not-a-dir/x.vec: " \
  "${train[@]}" --corpus "$work/gz/cut.gz" --output "$work/not-a-dir/x.vec" || exit 1
echo "ok: a gzip'd corpus trains as its text; a truncated one is refused by name, after the outputs"

# The summary names the corpus; the spooled input leaves nothing in $TMPDIR.
summary=$("$gradvec" train --corpus "$work/texts" --epochs 1 --dim 8 --threads 1 --show the \
  --output "$work/x.vec" 2>&1 >/dev/null)
[[ $'\n'$summary == *$'\n'"2 files in $work/texts: "* ]] ||
  fail "the summary does not name 2 files in the directory: $summary"
summary=$(cat "$a" | TMPDIR=$work/tmp "$gradvec" train --corpus - --read-vocab "$work/vocab.txt" \
  --epochs 1 --dim 8 --threads 1 --show the --output "$work/x.vec" 2>&1 >/dev/null)
[[ $'\n'$summary == *$'\n'"standard input: "* ]] ||
  fail "the summary does not name standard input: $summary"
[[ -z $(ls -A "$work/tmp") ]] || fail "standard input's spool was left in TMPDIR"
echo "ok: the summary names the corpus, and standard input's spool is gone"

# A checkpoint is of its files in their order.
"${train[@]}" --corpus "$a" "$b" --output "$work/x.vec" --checkpoint "$work/run.ckpt" >/dev/null ||
  fail "training with --checkpoint failed"
"$cli/expect_failure.sh" 2 "run.ckpt: was written for another corpus: 2 files: .*b.txt \.\.\. .*a.txt has the same size" \
  "$gradvec" train --resume "$work/run.ckpt" --corpus "$b" "$a" --output "$work/x.vec" || exit 1

"$cli/expect_failure.sh" 2 "^gradvec: error: --corpus - \(standard input\) needs --read-vocab FILE" \
  "${train[@]}" --corpus - --output "$work/x.vec" </dev/null || exit 1
"$cli/expect_failure.sh" 2 "^gradvec: error: --corpus -: standard input is a whole corpus" \
  "${train[@]}" --corpus "$a" - --read-vocab "$work/vocab.txt" --output "$work/x.vec" </dev/null ||
  exit 1
"$cli/expect_failure.sh" 2 "^gradvec: error: $work/empty: the corpus directory holds no files" \
  "${train[@]}" --corpus "$work/empty" --output "$work/x.vec" || exit 1
"$cli/expect_failure.sh" 2 "^gradvec: error: $work/texts/sub: a directory in a list of corpus files" \
  "${train[@]}" --corpus "$a" "$work/texts/sub" --output "$work/x.vec" || exit 1
"$cli/expect_failure.sh" 2 "^gradvec: error: $work/missing.txt: corpus not found" \
  "${train[@]}" --corpus "$a" "$work/missing.txt" --output "$work/x.vec" || exit 1
"$cli/expect_failure.sh" 2 "^gradvec: error: standard input: the corpus is empty|holds no words|the vocabulary counts" \
  "${train[@]}" --corpus - --read-vocab "$work/vocab.txt" --output "$work/x.vec" </dev/null || exit 1
echo "ok: a bad --corpus is one line naming it"
