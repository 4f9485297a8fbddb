#!/usr/bin/env bash
# bpe.sh GRADVEC CORPUS: bpe train writes a tokenizer; encode then decode gives back the input's
# bytes exactly (a line without its newline, invalid UTF-8, NUL and \r included); --pieces
# marks the spaces; a damaged tokenizer, a bad id and a bad --vocab-size are refused in one line
# with nothing written.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"

head -c 30000 "$corpus" >"$work/corpus.txt"
"$gradvec" bpe train --corpus "$work/corpus.txt" --vocab-size 400 --output "$work/out/tok.bpe" \
  2>"$work/train.log" || fail "bpe train failed: $(cat "$work/train.log")"
grep -Eq "^144 merges learned \(a vocabulary of 400 tokens\) from .* in [0-9.]+ s, written to " \
  "$work/train.log" || fail "bpe train's message: $(cat "$work/train.log")"
[[ $(head -2 "$work/out/tok.bpe") == $'gradvec-bpe 1\nmerges 144' ]] ||
  fail "the tokenizer's header: $(head -2 "$work/out/tok.bpe")"
echo "ok: bpe train learned 144 merges into a directory it created"

{
  cat "$work/corpus.txt"
  printf 'caf\xc3\xa9 \xff\xfe\x00 x\r\n\r\n\n  tail without a newline'
} >"$work/input.bin"
"$gradvec" bpe encode --tokenizer "$work/out/tok.bpe" <"$work/input.bin" >"$work/ids.txt" ||
  fail "bpe encode failed"
[[ $(wc -l <"$work/ids.txt") == $(($(wc -l <"$work/input.bin") + 1)) ]] ||
  fail "encode did not write one line of ids per input line"
"$gradvec" bpe decode --tokenizer "$work/out/tok.bpe" <"$work/ids.txt" >"$work/decoded.bin" ||
  fail "bpe decode failed"
cmp "$work/input.bin" "$work/decoded.bin" || fail "encode then decode changed the bytes"
(($(wc -w <"$work/ids.txt") * 3 < $(wc -c <"$work/input.bin") * 2)) ||
  fail "encode hardly merged: $(wc -w <"$work/ids.txt") ids"
echo "ok: encode then decode gives back every byte"

# Lines longer than encode's 1 MiB read blocks, one ending in the middle of the next block.
{
  printf 'short\n'
  head -c 1500000 /dev/zero | tr '\0' 'q'
  printf '\n'
  yes 'to be or not' | head -c 2500000 | tr '\n' ' '
} >"$work/long.bin"
"$gradvec" bpe encode --tokenizer "$work/out/tok.bpe" <"$work/long.bin" >"$work/long.ids" ||
  fail "bpe encode of long lines failed"
[[ $(wc -l <"$work/long.ids") == 3 ]] || fail "long lines: $(wc -l <"$work/long.ids") lines of ids, not 3"
"$gradvec" bpe decode --tokenizer "$work/out/tok.bpe" <"$work/long.ids" | cmp - "$work/long.bin" ||
  fail "encode then decode changed lines longer than a read block"
echo "ok: lines longer than a read block come back exactly"

pieces=$(printf 'First Citizen:\n' | "$gradvec" bpe encode --tokenizer "$work/out/tok.bpe" --pieces)
[[ $pieces == "First "$'\xe2\x96\x81'"Citizen : \\x0a" ]] || fail "--pieces: $pieces"
echo "ok: --pieces shows the leading space as U+2581"

printf 'gradvec-bpe 1\nmerges 1\n97 300\n' >"$work/bad.bpe"
"$cli/expect_failure.sh" 2 "^gradvec: error: $work/bad.bpe: line 3: merge 0 joins token 300, not made before it" \
  "$gradvec" bpe encode --tokenizer "$work/bad.bpe" </dev/null || exit 1
printf 'gradvec-bpe 1\nmerges 2\n97 97\n97 97\n' >"$work/twice.bpe"
"$cli/expect_failure.sh" 2 "^gradvec: error: $work/twice.bpe: merge 1 \(97 97\) repeats merge 0" \
  "$gradvec" bpe decode --tokenizer "$work/twice.bpe" </dev/null || exit 1
head -c 40 "$work/out/tok.bpe" >"$work/cut.bpe"
"$cli/expect_failure.sh" 2 "^gradvec: error: $work/cut.bpe: line 2: merges 144 cannot fit in the file.s 40 bytes$" \
  "$gradvec" bpe decode --tokenizer "$work/cut.bpe" </dev/null || exit 1
"$cli/expect_failure.sh" 2 "^gradvec: error: standard input: line 2: '400' is not a token id in \[0, 399\]" \
  "$gradvec" bpe decode --tokenizer "$work/out/tok.bpe" < <(printf '70 71\n400\n') || exit 1
"$cli/expect_failure.sh" 2 "--vocab-size: .*\[256, 1048576\], got '255'" \
  "$gradvec" bpe train --corpus "$work/corpus.txt" --vocab-size 255 --output "$work/x.bpe" || exit 1
"$cli/expect_failure.sh" 2 "^gradvec: error: .*missing.txt: corpus not found" \
  "$gradvec" bpe train --corpus "$work/missing.txt" --output "$work/x.bpe" || exit 1
[[ ! -e $work/x.bpe ]] || fail "a refused run wrote its output"
echo "ok: damaged tokenizers, bad ids and bad options are refused in one line"

# Echoed input is cut to 80 bytes and marked "...": a 1 MB bad id is not copied into the message.
status=0
head -c 1000000 /dev/zero | tr '\0' 'x' | "$gradvec" bpe decode --tokenizer "$work/out/tok.bpe" \
  >/dev/null 2>"$work/err" || status=$?
[[ $status -eq 2 ]] || fail "a 1 MB bad id: exit status $status, expected 2"
grep -Eq "^gradvec: error: standard input: line 1: 'x{80}\.\.\.' is not a token id in \[0, 399\]$" "$work/err" ||
  fail "a 1 MB bad id is not cut to 80 bytes: $(head -c 300 "$work/err")"
echo "ok: a bad id is quoted to 80 bytes"
