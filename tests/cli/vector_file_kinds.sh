#!/usr/bin/env bash
# vector_file_kinds.sh GRADVEC CORPUS: what --vectors reads is named for what it is when it is no
# vector file of the format asked for, in one line: plain text (with the train command that
# takes it), UTF-16 text (with the iconv line, whose output then reads), and a format forced
# with --vectors-format against content of another (a word2vec text file read as GloVe).
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"

head -n 200 "$corpus" >"$work/text.txt"
"$gradvec" train --epochs 1 --dim 8 --quiet --threads 1 --min-count 1 --corpus "$work/text.txt" \
  --output "$work/w2v.vec" >/dev/null || fail "training the vectors failed"
for command in nearest info; do
  words=()
  [[ $command == nearest ]] && words=(the)
  "$cli/expect_failure.sh" 2 "^gradvec: error: $work/text.txt: looks like plain text, not vectors; to train on it: gradvec train --corpus $work/text.txt$" \
    "$gradvec" "$command" --vectors "$work/text.txt" "${words[@]}" || exit 1
done
gzip -c "$work/text.txt" >"$work/text.gz"
"$cli/expect_failure.sh" 2 "^gradvec: error: $work/text.gz: looks like plain text, not vectors" \
  "$gradvec" info --vectors "$work/text.gz" || exit 1
echo "ok: plain text given as vectors is named as text"

iconv -f UTF-8 -t UTF-16 "$work/w2v.vec" >"$work/w2v16.vec" || fail "iconv is missing"
"$cli/expect_failure.sh" 2 "^gradvec: error: $work/w2v16.vec: looks like UTF-16 text, not UTF-8; convert it: iconv -f UTF-16 -t UTF-8 $work/w2v16.vec > $work/w2v16.vec.utf8$" \
  "$gradvec" info --vectors "$work/w2v16.vec" || exit 1
iconv -f UTF-16 -t UTF-8 "$work/w2v16.vec" >"$work/w2v16.vec.utf8"
"$gradvec" info --vectors "$work/w2v16.vec.utf8" >/dev/null ||
  fail "the vectors converted as the message says did not read"
echo "ok: UTF-16 vectors are named, with the iconv line that converts them"

"$cli/expect_failure.sh" 2 "^gradvec: error: $work/w2v.vec: looks like word2vec text vectors, not glove; --vectors-format auto reads it as it is$" \
  "$gradvec" info --vectors "$work/w2v.vec" --vectors-format glove || exit 1
"$gradvec" info --vectors "$work/w2v.vec" --vectors-format w2v >/dev/null ||
  fail "the format the content has, forced, did not read"
echo "ok: a format forced against the content is refused, naming the content's"
