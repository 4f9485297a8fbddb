#!/usr/bin/env bash
# Does `gradvec phrases` join what gensim's Phrases joins? Tokenises the corpus once
# (tokenise_corpus.py), runs `gradvec phrases` and gensim's Phrases(sentences, min_count,
# threshold) on the same tokens, and compares N (gensim's len_vocab), the set of joined tokens
# in the two outputs, the number of joins, every line of the outputs, and on the first pass
# the phrases found with their scores (`--list` against export_phrases(), to the last digit).
# PASSES=2 (the default) runs each tool again on its own output: trigrams.
#
#   bench/phrases_check.sh                              # gensim's defaults: min_count 5, threshold 10
#   MIN_COUNT=3 THRESHOLD=5 bench/phrases_check.sh
#
# On the second pass gensim's counts are keyed by spelled-out strings, so the pairs (a_b, c)
# and (a, b_c) share the count of "a_b_c" there and are two bigrams in gradvec; a corpus
# where both occur can differ on that pass (see text/phrases.h). gensim's export_phrases
# splits its keys at "_", which misreads a_b_c, so the phrase lists are compared on the first
# pass only.
#
# Environment: GRADVEC_BIN (default build/gradvec), GRADVEC_CORPUS (default
# data/tinyshakespeare.txt), PYTHON (default /usr/bin/python3, needs gensim), MIN_COUNT (5),
# THRESHOLD (10.0), PASSES (2), KEEP_WORK=1 to keep the outputs.
# Exit status: 0 everything agrees, 1 something differs (printed), 2 could not run.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
min_count=${MIN_COUNT:-5} threshold=${THRESHOLD:-10.0} passes=${PASSES:-2}
[[ $passes =~ ^[12]$ ]] || die "PASSES must be 1 or 2, got '$passes'"
require_gradvec
require_corpus
"$python" -c "import gensim" 2>/dev/null || die "$python cannot import gensim: ./setup.sh --peers"

make_work_dir
tokenise 1
echo "phrases_check: $corpus, $token_count tokens, min_count $min_count, threshold $threshold"

# joined_tokens FILE: the distinct tokens holding "_", one per line, sorted.
joined_tokens() { tr ' ' '\n' <"$1" | grep '_' | LC_ALL=C sort -u || true; }

status=0
differ() {
  echo "  DIFFER: $*"
  status=1
}
gradvec_in=$tokens gensim_in=$tokens
for pass in $(seq 1 "$passes"); do
  ours=$work/gradvec.$pass.txt theirs=$work/gensim.$pass.txt
  summary=$("$gradvec" phrases --corpus "$gradvec_in" --output "$ours" --min-count "$min_count" \
    --threshold "$threshold" --list "$work/list.gradvec" 2>&1) || die "gradvec phrases failed: $summary"
  [[ $summary =~ \(N\ =\ ([0-9]+)\).*$'\n'([0-9]+)\ phrases.*\ ([0-9]+)\ pairs\ joined ]] ||
    die "gradvec phrases printed '$summary'"
  our_n=${BASH_REMATCH[1]} our_phrases=${BASH_REMATCH[2]} our_joins=${BASH_REMATCH[3]}
  read -r _ their_n _ their_phrases _ their_joins < <("$python" "$repo/bench/gensim_phrases.py" \
    "$gensim_in" "$theirs" --min-count "$min_count" --threshold "$threshold" \
    --list "$work/list.gensim") ||
    die "gensim_phrases.py failed"

  joined_tokens "$ours" >"$work/joined.gradvec"
  joined_tokens "$theirs" >"$work/joined.gensim"
  echo "pass $pass ($( ((pass == 1)) && echo bigrams || echo trigrams)):"
  echo "  gradvec: N = $our_n, $our_phrases phrases, $our_joins joins, $(wc -l <"$work/joined.gradvec") distinct joined tokens"
  if ((pass == 1)); then
    echo "  gensim:  N = $their_n, $their_phrases phrases, $their_joins joins, $(wc -l <"$work/joined.gensim") distinct joined tokens"
    cut -d' ' -f1,2 "$work/list.gradvec" | LC_ALL=C sort >"$work/scores.gradvec"
    LC_ALL=C sort "$work/list.gensim" >"$work/scores.gensim"
    if cmp -s "$work/scores.gradvec" "$work/scores.gensim"; then
      echo "  phrases: the same $our_phrases, with the same scores"
    else
      differ "phrases or their scores (< gradvec only, > gensim only):"
      diff "$work/scores.gradvec" "$work/scores.gensim" | grep '^[<>]' | head -n 20 || true
    fi
  else
    echo "  gensim:  N = $their_n, $their_joins joins, $(wc -l <"$work/joined.gensim") distinct joined tokens"
  fi
  [[ $our_n == "$their_n" ]] || differ "N: gradvec $our_n, gensim $their_n"
  [[ $our_joins == "$their_joins" ]] || differ "joins: gradvec $our_joins, gensim $their_joins"
  if ! cmp -s "$work/joined.gradvec" "$work/joined.gensim"; then
    differ "joined tokens (< gradvec only, > gensim only):"
    diff "$work/joined.gradvec" "$work/joined.gensim" | grep '^[<>]' | head -n 20 || true
  fi
  if cmp -s "$ours" "$theirs"; then
    echo "  outputs: identical, line for line"
  else
    differ "outputs (first lines that differ, < gradvec, > gensim):"
    diff "$ours" "$theirs" | head -n 20 || true
  fi
  gradvec_in=$ours gensim_in=$theirs
done
((status == 0)) && echo "same: gradvec phrases joins exactly what gensim's Phrases joins"
exit $status
