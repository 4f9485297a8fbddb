#!/usr/bin/env bash
# gzip_inputs.sh GRADVEC FOUR_WORDS_CORPUS: gzip'd vector files, questions and pairs.
#   - every command that reads vectors answers the same on a gzip'd copy of a file as on the file,
#     in every format (GloVe, word2vec text and binary, a fastText model), from a name without
#     ".gz" and (but for repl, which reads its queries there) from standard input: gzip is told by
#     its magic bytes;
#   - gzip'd --questions and --pairs files score the same as plain ones;
#   - a cut-short .gz is one line naming the file, exit 2, nothing printed.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"

printf 'king 1 0.1 0\nqueen 0.9 0.2 0.1\nman 0.1 1 0\nwoman 0 0.9 0.3\nboy 0.2 0.8 0.1\n' >"$work/glove.txt"
"$gradvec" convert --vectors "$work/glove.txt" --output-format w2v --output "$work/w2v.vec" >/dev/null || fail "convert to w2v"
"$gradvec" convert --vectors "$work/glove.txt" --output-format w2v-bin --output "$work/w2v.bin" >/dev/null || fail "convert to w2v-bin"
"$gradvec" train --corpus "$corpus" --min-count 1 --dim 4 --epochs 1 --subwords --buckets 100 \
  --output-format fasttext-bin --output "$work/model.bin" --quiet >/dev/null || fail "train a fastText model"
printf ': people\nman king woman queen\nking man queen woman\n' >"$work/questions.txt"
printf 'king queen 9\nman woman 8\nking boy 2\nman boy 5\n' >"$work/pairs.txt"
for file in questions pairs; do gzip -c "$work/$file.txt" >"$work/$file.data"; done

# same DESCRIPTION COMMAND...: COMMAND's stdout (with "{}" for the vector file) on the plain
# file, its gzip'd copy under a name without .gz, and the copy on standard input.
same() {
  local what=$1 plain packed piped
  shift
  plain=$("${@//\{\}/$file}" 2>&1) || fail "$what on $file exited $?: $plain"
  packed=$("${@//\{\}/$work/packed}" 2>&1) || fail "$what on gzip'd $file exited $?: $packed"
  piped=$("${@//\{\}/-}" 2>&1 <"$work/packed") || fail "$what on gzip'd $file from stdin exited $?: $piped"
  [[ -n $plain && $packed == "$plain" && $piped == "$plain" ]] ||
    fail "$what on $file: plain '$plain', gzip'd '$packed', piped '$piped'"
}

for file in "$work/glove.txt" "$work/w2v.vec" "$work/w2v.bin" "$work/model.bin"; do
  gzip -c "$file" >"$work/packed"
  words=(king queen man)
  [[ $file == *model.bin ]] && words=(a b c)
  same nearest "$gradvec" nearest --vectors {} --k 2 "${words[@]}"
  same analogy "$gradvec" analogy --vectors {} --k 2 "${words[@]}"
  same vector "$gradvec" vector --vectors {} "${words[@]}"
  same "info's format and sizes" bash -c '"$0" info --vectors "$1" | grep -Ev "^(file|load):"' "$gradvec" {}
  same convert bash -c '"$0" convert --vectors "$1" --output-format glove --output "$2" >/dev/null && cat "$2"' \
    "$gradvec" {} "$work/converted.txt"
  same plot bash -c '"$0" plot --vectors "$1" --top 3 --title t --output "$2" >/dev/null && cat "$2"' \
    "$gradvec" {} "$work/plot.svg"
  # repl reads its queries from standard input, so its vectors come from a file only.
  plain=$(echo "${words[*]}" | "$gradvec" repl --vectors "$file" --k 2) || fail "repl on $file"
  packed=$(echo "${words[*]}" | "$gradvec" repl --vectors "$work/packed" --k 2) || fail "repl on gzip'd $file"
  [[ -n $plain && $packed == "$plain" ]] || fail "repl on $file: '$plain' against '$packed'"
  echo "ok: $(basename "$file") gzip'd"
done

file=$work/glove.txt
gzip -c "$file" >"$work/packed"
plain=$("$gradvec" eval analogy --vectors "$file" --questions "$work/questions.txt") || fail "eval analogy"
packed=$("$gradvec" eval analogy --vectors "$work/packed" --questions "$work/questions.data") ||
  fail "eval analogy on gzip'd files exited $?"
[[ $plain == *"total: "* && $packed == "$plain" ]] || fail "eval analogy: '$plain' against '$packed'"
plain=$("$gradvec" eval similarity --vectors "$file" --pairs "$work/pairs.txt") || fail "eval similarity"
packed=$("$gradvec" eval similarity --vectors "$work/packed" --pairs "$work/pairs.data") ||
  fail "eval similarity on gzip'd files exited $?"
[[ $plain == "spearman: "*"(4 pairs, 0 skipped)" && $packed == "$plain" ]] ||
  fail "eval similarity: '$plain' against '$packed'"
echo "ok: gzip'd questions and pairs"

# Cut inside the deflate data: the gzip header is whole, the data and trailer are not.
head -c 30 "$work/packed" >"$work/cut.gz"
"$cli/expect_failure.sh" 2 "^gradvec: error: .*/cut.gz: cannot decompress gzip data: unexpected end of file$" \
  "$gradvec" nearest --vectors "$work/cut.gz" king || exit 1
"$cli/expect_failure.sh" 2 "^gradvec: error: -: cannot decompress gzip data: unexpected end of file$" \
  bash -c '"$0" nearest --vectors - king <"$1"' "$gradvec" "$work/cut.gz" || exit 1
head -c 30 "$work/questions.data" >"$work/cut.gz"
"$cli/expect_failure.sh" 2 "^gradvec: error: .*/cut.gz: cannot decompress gzip data: unexpected end of file$" \
  "$gradvec" eval analogy --vectors "$file" --questions "$work/cut.gz" || exit 1
head -c 30 "$work/pairs.data" >"$work/cut.gz"
"$cli/expect_failure.sh" 2 "^gradvec: error: .*/cut.gz: cannot decompress gzip data: unexpected end of file$" \
  "$gradvec" eval similarity --vectors "$file" --pairs "$work/cut.gz" || exit 1
# Bytes after a member that are no gzip member: corrupt, not silently dropped.
{ cat "$work/packed"; printf 'trailing'; } >"$work/trailing.gz"
"$cli/expect_failure.sh" 2 "^gradvec: error: .*/trailing.gz: cannot decompress gzip data: bytes that are not gzip data follow its last member, from byte offset [0-9]+$" \
  "$gradvec" nearest --vectors "$work/trailing.gz" king || exit 1
