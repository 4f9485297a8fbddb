#!/usr/bin/env bash
# vector_streams.sh GRADVEC: vector files that are not regular files, and hostile ones.
#   - `--vectors -` reads standard input in every vector command, with the same output as
#     the file itself; repl and `vector` without words, which read queries from it, refuse;
#   - a FIFO is opened once and read once (a regression hangs: the timeout turns that into a
#     failure), a /proc file (size 0) is read as a stream;
#   - input that never ends (/dev/zero, `yes`) stops with one line, exit 2;
#   - words with spaces, byte order marks, and "V d" headers with impossible values in real
#     binary files are read or refused as documented in tools/vectors/vector_io.h.
set -uo pipefail
gradvec=$1
source "$(dirname "$0")/scratch.sh"
# Every run is bounded: a reader that waits for more input fails instead of hanging.
run() { timeout 60 "$@"; }
refuses() { "$expect_failure" "$1" "$2" timeout 60 "${@:3}" || exit 1; }

cat >"$work/v.txt" <<'EOF'
king 0.9 0.1 0.3
queen 0.8 0.2 0.9
man 0.7 0.1 0.2
woman 0.6 0.2 0.8
prince 0.85 0.15 0.35
EOF
printf ': royals\nman king woman queen\n' >"$work/questions.txt"
printf 'king queen 5\nman woman 6\nking man 3\n' >"$work/pairs.txt"

# The output of each command from the file and from standard input, "load:" and "file:" lines
# (timings, the name) aside.
same_from_stdin() {
  local name=$1
  shift
  run "$gradvec" "$@" --vectors "$work/v.txt" 2>&1 | grep -Ev '^(load|file):' >"$work/file.out"
  run "$gradvec" "$@" --vectors - <"$work/v.txt" 2>&1 | grep -Ev '^(load|file):' >"$work/stdin.out"
  # A pipe, not a redirected file: no size, no mapping.
  cat "$work/v.txt" | run "$gradvec" "$@" --vectors - 2>&1 |
    grep -Ev '^(load|file):' >"$work/pipe.out"
  [[ -s $work/file.out ]] || fail "$name: no output"
  cmp -s "$work/file.out" "$work/stdin.out" || fail "$name: stdin gave $(cat "$work/stdin.out")"
  cmp -s "$work/file.out" "$work/pipe.out" || fail "$name: a pipe gave $(cat "$work/pipe.out")"
  echo "ok: $name reads --vectors -"
}
same_from_stdin info info
same_from_stdin nearest nearest --k 2 king
same_from_stdin analogy analogy man king woman
same_from_stdin "eval analogy" eval analogy --questions "$work/questions.txt"
same_from_stdin "eval similarity" eval similarity --pairs "$work/pairs.txt"
same_from_stdin vector vector king queen
same_from_stdin plot plot --top 3 --output /dev/null
cat "$work/v.txt" | run "$gradvec" convert --vectors - --output "$work/converted.vec" --output-format w2v >/dev/null ||
  fail "convert --vectors - failed"
[[ $(head -1 "$work/converted.vec") == "5 3" ]] || fail "convert --vectors -: $(head -1 "$work/converted.vec")"
echo "ok: convert reads --vectors -"
refuses 2 "repl: reads its queries from standard input, so the vectors cannot come" \
  "$gradvec" repl --vectors -
refuses 2 "vector without words: reads its queries from standard input" \
  "$gradvec" vector --vectors -

# A FIFO: the writer's data goes to the one open that reads it.
mkfifo "$work/fifo"
cat "$work/v.txt" >"$work/fifo" &
writer=$!
run "$gradvec" nearest --k 1 --vectors "$work/fifo" king >"$work/fifo.out" 2>&1 ||
  fail "FIFO: $(cat "$work/fifo.out")"
wait "$writer" || fail "the FIFO's writer failed"
[[ $(cat "$work/fifo.out") == $(run "$gradvec" nearest --k 1 --vectors "$work/v.txt" king) ]] ||
  fail "FIFO: $(cat "$work/fifo.out")"
echo "ok: a FIFO is read once"

refuses 2 '^gradvec: error: /proc/self/status: looks like plain text, not vectors; to train on it: gradvec train --corpus /proc/self/status$' \
  "$gradvec" info --vectors /proc/self/status
refuses 2 '/dev/zero:1: the byte \\x00, which no text vector line holds' \
  "$gradvec" info --vectors /dev/zero
refuses 2 '/dev/zero:1: a line longer than 16 MiB, the longest a vector file may have' \
  "$gradvec" info --skip-bad --vectors /dev/zero
refuses 2 '^gradvec: error: -:1: expected a word and its values, found "y"$' \
  bash -c "yes | '$gradvec' info --vectors -"
refuses 2 ": no line in the first 16 MiB is a word and its numbers" \
  bash -c "yes | '$gradvec' info --skip-bad --vectors -"
refuses 2 "no/such/file.vec: cannot open: No such file or directory" \
  "$gradvec" info --vectors no/such/file.vec
refuses 2 "$work: is a directory" "$gradvec" info --vectors "$work"

# Words with spaces: the word is everything before the last d fields.
printf '3 2\nthe 1 2\nnew york 3 4\n. . . 5 6\n' >"$work/sp.vec"
out=$(run "$gradvec" nearest --k 1 --vectors "$work/sp.vec" "new york") || fail "spaced: $out"
[[ $out == $'nearest to new york:\n. . .\t0.998688' ]] || fail "spaced: $out"
run "$gradvec" convert --vectors "$work/sp.vec" --output "$work/sp.txt" --output-format glove >/dev/null
[[ $(sed -n 2p "$work/sp.txt") == "new york 3 4" ]] || fail "spaced word written as $(cat "$work/sp.txt")"
refuses 2 'sp.bin: word index 1 \("new york"\) contains a space or tab, which ends a word' \
  "$gradvec" convert --vectors "$work/sp.vec" --output "$work/sp.bin" --output-format w2v-bin
echo "ok: words with spaces"

# A byte order mark is not part of the first word, nor of a header.
printf '\xef\xbb\xbfthe 1 2\ncat 3 4\n' >"$work/bom.txt"
[[ $(run "$gradvec" nearest --k 1 --vectors "$work/bom.txt" the) == $'nearest to the:\ncat\t0.983870' ]] ||
  fail "BOM GloVe"
run "$gradvec" convert --vectors "$work/v.txt" --output "$work/v.bin" --output-format w2v-bin >/dev/null
{ printf '\xef\xbb\xbf'; cat "$work/v.bin"; } >"$work/bom.bin"
[[ $'\n'$(run "$gradvec" info --vectors "$work/bom.bin")$'\n' == *$'\nformat: word2vec binary\n'* ]] || fail "BOM binary"
echo "ok: byte order marks"

# Real binary files whose header is edited: reported as a header, never read as GloVe.
records=$(($(head -1 "$work/v.bin" | wc -c) + 1))
for header in "50 0" "-1 20" "50 -20"; do
  { printf '%s\n' "$header"; tail -c +"$records" "$work/v.bin"; } >"$work/bad.bin"
  refuses 2 "bad.bin:1: header \"$header\": (dimension -?[0-9]+ is not >= 1|word count -1 is negative)$" \
    "$gradvec" info --vectors "$work/bad.bin"
done
printf '50 9223372036854775807\nt\n' >"$work/overflow.vec"
refuses 2 'dimension 9223372036854775807 is more than the 4194304 a vector file may have' \
  "$gradvec" info --vectors "$work/overflow.vec"
# A header that claims 10^12 words: refused before anything is sized by it.
printf '1000000000000 3\nking 0.9 0.1 0.3\n' >"$work/lie.vec"
refuses 2 'lie.vec:1: the header declares 1000000000000 words of dimension 3, but the 17 bytes' \
  "$gradvec" info --vectors "$work/lie.vec"
refuses 2 '^gradvec: error: -:1: the header declares 1000000000000 words' \
  bash -c "cat '$work/lie.vec' | '$gradvec' info --vectors -"

# File bytes in messages are escaped: the error line is printable text.
printf 'a 1 2\nb 1 \x80\x01\n' >"$work/raw.txt"
refuses 2 'raw.txt:2: value 2 of "b" is "\\x80\\x01", not a number' \
  "$gradvec" info --vectors "$work/raw.txt"
echo "ok: all vector stream and hostile-file cases"
