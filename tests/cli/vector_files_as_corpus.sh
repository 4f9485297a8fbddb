#!/usr/bin/env bash
# vector_files_as_corpus.sh GRADVEC CORPUS: a vector file given as a corpus (each format gradvec
# writes, alone, in a directory, gzip'd, on standard input, or given to phrases) is refused in one
# line naming it as vectors and the command that queries it, before any output; that command
# runs. Text that only starts like vectors (numbers on its lines) still trains.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
train=("$gradvec" train --epochs 1 --dim 8 --quiet --threads 1 --min-count 1)

head -n 200 "$corpus" >"$work/text.txt"
declare -A names=([glove]=glove [w2v]="word2vec text" [w2v-bin]="word2vec binary"
  [fasttext-bin]="fastText model")
for format in "${!names[@]}"; do
  "${train[@]}" --corpus "$work/text.txt" --output-format "$format" --output "$work/$format.vec" \
    >/dev/null || fail "writing $format vectors failed"
done

refused() {
  local name=$1 kind=$2 query=$3
  shift 3
  "$cli/expect_failure.sh" 2 "^gradvec: error: $name looks like $kind vectors, not a corpus; to query them: gradvec nearest --vectors $query$" "$@" || exit 1
  [[ ! -e $work/out.vec && ! -e $work/out.txt ]] || fail "a refused run wrote its output"
}
for format in "${!names[@]}"; do
  file=$work/$format.vec
  refused "$file" "${names[$format]}" "$file" "${train[@]}" --corpus "$file" --output "$work/out.vec"
  refused "$file" "${names[$format]}" "$file" "$gradvec" phrases --corpus "$file" --output "$work/out.txt"
  "$gradvec" nearest --vectors "$file" --k 1 the >/dev/null ||
    fail "the suggested query on $format vectors failed"
done
mkdir "$work/dir"
cp "$work/text.txt" "$work/dir/a.txt"
cp "$work/glove.vec" "$work/dir/b.vec"
refused "$work/dir/b.vec" glove "$work/dir/b.vec" "${train[@]}" --corpus "$work/dir" --output "$work/out.vec"
gzip -c "$work/w2v.vec" >"$work/w2v.gz"
refused "$work/w2v.gz" "word2vec text" "$work/w2v.gz" "${train[@]}" --corpus "$work/w2v.gz" --output "$work/out.vec"
refused "standard input" "word2vec binary" - sh -c '"$@" <"'"$work/w2v-bin.vec"'"' sh "${train[@]}" \
  --corpus - --read-vocab "$work/text.txt" --output "$work/out.vec"
echo "ok: vector files given as a corpus are named as vectors"

# Lines of numbers that are no vector file: a word and numbers on line 1 only, and a "V d"
# line followed by text.
printf 'chapter 1 2\nit was the best of times\n' >"$work/numbers.txt"
printf '1999 2\nthe year the war ended\n' >"$work/year.txt"
for file in "$work/numbers.txt" "$work/year.txt"; do
  "${train[@]}" --corpus "$file" --output "$work/out.vec" >/dev/null 2>&1 ||
    fail "$file, text that starts with numbers, did not train"
  rm -f "$work/out.vec"
done
echo "ok: text that starts with numbers trains"
