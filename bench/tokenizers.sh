#!/usr/bin/env bash
# How gradvec's two tokenizers and its peers cut the same three lines into words: prints the
# Markdown table of README.md's "Tokenizers" section. Every peer is run, not described:
#   - word2vec.c: the sources of npm's `word2vec` package (`npm pack word2vec`), compiled here
#     into the work directory with a driver that calls its own ReadWord() the way its
#     LearnVocabFromTrainFile() does (nothing of it is kept);
#   - fastText: Debian's `fasttext`, trained on each line alone (-minCount 1) and its dictionary
#     dumped (`fasttext dump MODEL dict`); the dump lists words by count, so they are printed in
#     the line's order once the dump is checked to hold exactly the line's whitespace-separated
#     words, and its </s>;
#   - gensim: utils.simple_preprocess(line), and LineSentence's line.split().
#
#   bench/tokenizers.sh
#
# Environment: GRADVEC_BIN (default build/gradvec), PYTHON (default /usr/bin/python3, needs
# gensim), KEEP_WORK=1 to keep the work directory. Needs npm, gcc and fasttext
# (./setup.sh --peers installs fasttext and gensim).
# Exit status: 0 the table is printed, 1 a peer's tokens were not what this script expects of it,
# 2 could not run.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
require_gradvec
for tool in npm gcc fasttext "$python"; do
  command -v "$tool" >/dev/null || die "$tool not found (./setup.sh --peers installs fasttext and gensim)"
done
"$python" -c "import gensim" 2>/dev/null || die "$python cannot import gensim (./setup.sh --peers)"
make_work_dir

# Case, sentence punctuation, an abbreviation, hyphens, apostrophes straight and curly, a
# decimal number, an em dash and a tab.
lines=(
  'HAMLET. To be, or not to be?'
  'The U.S.-born "state-of-the-art" model'"'"'s word2vec'
  $'Don\u2019t panic\u2014it\'s 3.5 km\tnow!'
)

# word2vec.c, built from its npm package.
(cd "$work" && npm pack --silent word2vec >/dev/null && tar xzf word2vec-*.tgz) ||
  die "npm pack word2vec failed (offline?)"
cat >"$work/w2v_tokens.c" <<'C'
/* Prints the words word2vec.c's ReadWord() reads from standard input, one a line, stopping as
   LearnVocabFromTrainFile() does. */
#define main word2vec_main
#include "word2vec.c"
#undef main
int main(void) {
  char word[MAX_STRING];
  for (;;) {
    ReadWord(word, stdin);
    if (feof(stdin)) break;
    printf("%s\n", word);
  }
  return 0;
}
C
gcc -O1 -w -I"$work/package/src" "$work/w2v_tokens.c" -o "$work/w2v_tokens" -lm -pthread ||
  die "compiling word2vec.c failed"

# cell WORD...: the words as one table cell, separated by middle dots.
cell() {
  local out="" word
  for word in "$@"; do out+="${out:+ · }$word"; done
  printf '%s' "\`$out\`"
}

declare -A row
for i in "${!lines[@]}"; do
  line=${lines[i]}
  printf '%s\n' "$line" >"$work/line.txt"
  for kind in words whitespace; do
    mapfile -t words < <("$gradvec" phrases --corpus "$work/line.txt" --tokenizer "$kind" \
      --min-count 1 --threshold 1e300 --threads 1 --output - 2>/dev/null | tr ' ' '\n')
    row[$kind,$i]=$(cell "${words[@]}")
  done

  mapfile -t words < <("$work/w2v_tokens" <"$work/line.txt")
  row[w2v,$i]=$(cell "${words[@]}")

  fasttext skipgram -input "$work/line.txt" -output "$work/ft" -minCount 1 -dim 4 -epoch 1 \
    -thread 1 -verbose 0 >/dev/null
  dumped=$(fasttext dump "$work/ft.bin" dict | tail -n +2 | awk '{print $1}' | sort)
  read -ra words <<<"$line"
  expected=$(printf '%s\n' "${words[@]}" "</s>" | sort -u)
  if [[ $dumped != "$expected" ]]; then
    echo "$script: fastText's dictionary of line $((i + 1)) is not its whitespace-separated words and </s>:" >&2
    echo "$dumped" >&2
    exit 1
  fi
  row[fasttext,$i]=$(cell "${words[@]}" "</s>")

  for kind in simple_preprocess LineSentence; do
    mapfile -t words < <("$python" - "$kind" "$line" <<'PY'
import sys
from gensim.utils import simple_preprocess
kind, line = sys.argv[1], sys.argv[2]
print("\n".join(simple_preprocess(line) if kind == "simple_preprocess" else line.split()))
PY
    )
    row[$kind,$i]=$(cell "${words[@]}")
  done
done

# The table: a column per line, a row per tokenizer.
header="| tokenizer |"
rule="|---|"
for i in "${!lines[@]}"; do
  shown=${lines[i]//$'\t'/\\t}
  header+=" \`$shown\` |"
  rule+="---|"
done
echo "$header"
echo "$rule"
names=(
  "words:gradvec \`--tokenizer words\` (the default)"
  "whitespace:gradvec \`--tokenizer whitespace\`"
  "w2v:word2vec.c"
  "fasttext:fastText"
  "LineSentence:gensim \`LineSentence\`"
  "simple_preprocess:gensim \`simple_preprocess\`"
)
for entry in "${names[@]}"; do
  key=${entry%%:*}
  out="| ${entry#*:} |"
  for i in "${!lines[@]}"; do out+=" ${row[$key,$i]} |"; done
  echo "$out"
done
