#!/usr/bin/env bash
# peer_command_lines.sh GRADVEC CORPUS: a command line written for word2vec.c, fastText or gensim
# is answered whole, in one run: one line on stderr, exit status 2, nothing trained, every foreign
# option named, and the line in gradvec's spelling, which, pasted back, trains what the peer's
# line asks for. The lines are the peers' own: word2vec.c's demo-word.sh (its sizes cut to a
# test's), fastText's `skipgram` options, gensim's Word2Vec keyword arguments.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
cd "$work" || exit 1
head -n 3000 "$corpus" >corpus.txt

# answered NAME OPTION... : runs gradvec train with the peer's options and sets $line to the
# command in gradvec's spelling; checks the refusal and that every OPTION is named in it.
answered() {
  local name=$1 err status option
  shift
  err=$("$gradvec" train "$@" 2>&1 >/dev/null)
  status=$?
  ((status == 2)) || fail "$name: exit status $status, expected 2"
  [[ $(grep -c . <<<"$err") == 1 ]] || fail "$name: not one line: $err"
  [[ -z $(ls | grep -v '^corpus.txt$') ]] || fail "$name: a refused line wrote $(ls)"
  for option in "$@"; do
    [[ $option == -* ]] || continue
    grep -qF -- " $option " <<<"$err" || fail "$name: $option is not named: $err"
  done
  [[ $err == *". In gradvec's spelling: gradvec train "* ]] || fail "$name: no line to copy: $err"
  line=${err#*". In gradvec's spelling: "}
  echo "ok: $name answered whole: $line"
}

# run_line: runs $line as a user pasting it would, with this build's gradvec.
run_line() {
  eval "\"\$gradvec\" ${line#gradvec } --quiet" >/dev/null 2>&1
}

# word2vec.c's demo-word.sh line: CBOW, negative sampling without hs, binary output.
answered "word2vec.c's demo-word.sh" -train corpus.txt -output vectors.bin -cbow 1 -size 20 \
  -window 8 -negative 25 -hs 0 -sample 1e-4 -threads 1 -binary 1 -iter 1 -min-count 2
[[ $line == *"--model cbow"* && $line == *"--loss sgns"* && $line == *"--output-format w2v-bin"* ]] ||
  fail "word2vec.c's values are not carried over: $line"
run_line || fail "word2vec.c's line in gradvec's spelling exited $?: $line"
info=$("$gradvec" info --vectors vectors.bin) || fail "info on the vectors exited $?"
[[ $info == *"format: word2vec binary"* && $info == *"dims: 20"* ]] ||
  fail "-binary 1 -size 20 did not write 20-wide binary vectors: $info"
rm vectors.bin

# Hierarchical softmax with negative sampling off, in word2vec.c's and in gensim's spelling
# (where --negative is gradvec's own): one --loss hs, no --negative 0 that gradvec would refuse.
answered "word2vec.c's hs line" -train corpus.txt -output hs.vec -cbow 0 -size 20 -hs 1 -negative 0 \
  -iter 1 -min-count 2 -threads 1
[[ $line == *"--loss hs"* && $line != *"--negative"* ]] || fail "-hs 1 -negative 0 is not --loss hs: $line"
run_line || fail "word2vec.c's hs line in gradvec's spelling exited $?: $line"
[[ -s hs.vec ]] || fail "no hs.vec"
rm hs.vec
answered "gensim's keyword arguments" --corpus corpus.txt --output g.vec --vector_size 20 \
  --workers 1 --sg 1 --hs 1 --negative 0 --alpha 0.025 --iter 1 --min_count 2
[[ $line == *"--model skipgram"* && $line == *"--loss hs"* && $line != *"--negative"* ]] ||
  fail "gensim's --sg 1 --hs 1 --negative 0 is not --model skipgram --loss hs: $line"
run_line || fail "gensim's line in gradvec's spelling exited $?: $line"
[[ -s g.vec ]] || fail "no g.vec"
rm g.vec

# fastText's skipgram options: its n-grams are gradvec's --subwords, which the line gains.
answered "fastText's skipgram options" -input corpus.txt -output model.vec -dim 20 -ws 5 -epoch 1 \
  -minCount 2 -neg 5 -loss ns -lr 0.05 -thread 1 -minn 3 -maxn 6 -bucket 10000 -t 1e-4
[[ $line == *"--subwords"* ]] || fail "fastText's n-gram options do not bring --subwords: $line"
run_line || fail "fastText's line in gradvec's spelling exited $?: $line"
[[ -s model.vec ]] || fail "no model.vec"
echo "ok: each line in gradvec's spelling trains"
