#!/usr/bin/env bash
# binary_corpus.sh GRADVEC CORPUS: a file that looks binary (an executable's bytes, alone, in a
# list, in a directory, gzip'd, on standard input, or given to phrases) is refused in one line
# naming it, before any output; --allow-binary-corpus reads it anyway. Text in UTF-16 is named
# as such, with the iconv line that converts it, and that line's output trains.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
train=("$gradvec" train --epochs 1 --dim 8 --quiet --threads 1 --min-count 1)

head -n 200 "$corpus" >"$work/text.txt"
# The start of gradvec's own executable: binary, and no vector file (vector_files_as_corpus.sh).
head -c 20000 "$gradvec" >"$work/program.bin"
mkdir "$work/dir"
cp "$work/text.txt" "$work/dir/a.txt"
cp "$work/program.bin" "$work/dir/b.bin"
gzip -c "$work/program.bin" >"$work/program.gz"
looks_binary="looks binary: [0-9]+ NUL bytes in the first [0-9]+ bytes; a corpus is UTF-8 text \(--allow-binary-corpus reads it anyway\)$"

refused() {
  local name=$1
  shift
  "$cli/expect_failure.sh" 2 "^gradvec: error: $name: $looks_binary" "$@" || exit 1
  [[ ! -e $work/out.vec && ! -e $work/out.txt ]] || fail "a refused run wrote its output"
}
refused "$work/program.bin" "${train[@]}" --corpus "$work/program.bin" --output "$work/new/out.vec"
[[ ! -e $work/new ]] || fail "a refused run created its output's directory"
refused "$work/program.bin" "${train[@]}" --corpus "$work/text.txt" "$work/program.bin" --output "$work/out.vec"
refused "$work/dir/b.bin" "${train[@]}" --corpus "$work/dir" --output "$work/out.vec"
refused "$work/program.gz" "${train[@]}" --corpus "$work/program.gz" --output "$work/out.vec"
refused "standard input" sh -c '"$@" <"'"$work/program.bin"'"' sh "${train[@]}" --corpus - \
  --read-vocab "$work/text.txt" --output "$work/out.vec"
refused "$work/program.bin" "$gradvec" phrases --corpus "$work/program.bin" --output "$work/out.txt"

# UTF-16 with a byte-order mark, as Windows' editors save it, and without one on standard input.
iconv -f UTF-8 -t UTF-16 "$work/text.txt" >"$work/text16.txt" || fail "iconv is missing"
iconv -f UTF-8 -t UTF-16LE "$work/text.txt" >"$work/text16le.txt"
utf16="looks like UTF-16 text, not UTF-8; convert it: iconv -f UTF-16 -t UTF-8"
"$cli/expect_failure.sh" 2 "^gradvec: error: $work/text16.txt: $utf16 $work/text16.txt > $work/text16.txt.utf8$" \
  "${train[@]}" --corpus "$work/text16.txt" --output "$work/out.vec" || exit 1
"$cli/expect_failure.sh" 2 "^gradvec: error: $work/text16.txt: $utf16 " \
  "$gradvec" phrases --corpus "$work/text16.txt" --output "$work/out.txt" || exit 1
"$cli/expect_failure.sh" 2 "^gradvec: error: standard input: looks like UTF-16LE text, not UTF-8; convert it: pipe it through iconv -f UTF-16LE -t UTF-8$" \
  sh -c '"$@" <"'"$work/text16le.txt"'"' sh "${train[@]}" --corpus - --read-vocab "$work/text.txt" \
  --output "$work/out.vec" || exit 1
[[ ! -e $work/out.vec && ! -e $work/out.txt ]] || fail "a refused UTF-16 run wrote its output"
iconv -f UTF-16 -t UTF-8 "$work/text16.txt" >"$work/text16.txt.utf8"
"${train[@]}" --corpus "$work/text16.txt.utf8" --output "$work/out.vec" >/dev/null ||
  fail "the corpus converted as the message says did not train"
rm "$work/out.vec"
echo "ok: UTF-16 is named, with the iconv line that converts it"

"${train[@]}" --corpus "$work/program.bin" --allow-binary-corpus --output "$work/out.vec" \
  >/dev/null || fail "--allow-binary-corpus did not train on the binary file"
[[ -s $work/out.vec ]] || fail "--allow-binary-corpus wrote no vectors"
"$gradvec" phrases --corpus "$work/program.bin" --allow-binary-corpus --output "$work/out.txt" \
  2>/dev/null || fail "phrases --allow-binary-corpus failed"
echo "ok: --allow-binary-corpus reads a binary file"
