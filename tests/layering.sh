#!/usr/bin/env bash
# layering.sh REPO: the include graph keeps the house's shape.
#  - every library includes only itself and the layers below it:
#      io  <-  autograd  <-  embeddings  <-  word2vec  <-  tools;   embeddings  <-  tools/vectors  <-  tools
#    (io, the ground floor of file reading and writing, is below all of them)
#      autograd  <-  text  <-  word2vec, lm, tools/vectors  (corpora, tokenizers, vocabularies: the text they read)
#      embeddings, text  <-  lm  <-  tools  (the transformer: nothing else uses it)
#      word2vec  <-  distributed  <-  tools  (training across MPI ranks; built with GRADVEC_MPI only)
#      tools  <-  python  (the Python module's bindings, built with GRADVEC_PYTHON only)
#  - word2vec/ holds no word-vector file code; tools/ reaches word2vec/ only to train;
#  - no source or test file (C++) is longer than 450 lines.
set -uo pipefail
cd "$1" || exit 2
problems=()

# check_layer FOLDER ALLOWED_REGEX [EXCLUDED_SUBFOLDER]: every project include in FOLDER's sources
# names a header under a folder that ALLOWED_REGEX matches.
check_layer() {
  local folder=$1 allowed=$2 exclude=${3:-} file line target
  while IFS= read -r file; do
    [[ -n $exclude && $file == "$exclude"/* ]] && continue
    while IFS= read -r line; do
      target=${line#*\"}
      target=${target%%\"*}
      [[ $target =~ ^($allowed)/ ]] || problems+=("$file includes $target, outside ${allowed//|/, }")
    done < <(grep -E '^#include "' "$file")
  done < <(find "$folder" -name '*.h' -o -name '*.cpp' | sort)
}
check_layer io 'io'
check_layer autograd 'io|autograd'
check_layer text 'io|autograd|text'
check_layer embeddings 'io|autograd|embeddings'
check_layer lm 'io|autograd|text|embeddings|lm'
check_layer word2vec 'io|autograd|text|embeddings|word2vec'
check_layer tools/vectors 'io|autograd|text|embeddings|tools/vectors'
check_layer distributed 'io|autograd|text|embeddings|word2vec|distributed'
check_layer tools 'io|autograd|text|embeddings|lm|word2vec|distributed|tools' tools/vectors
check_layer python 'io|autograd|text|embeddings|lm|word2vec|tools|python'

# Vector files have one home, tools/vectors/.
while IFS= read -r file; do
  problems+=("$file: vector-file code in word2vec/ (its home is tools/vectors/)")
done < <(grep -lE 'VectorFormat|read_vectors|write_vectors|MappedFile' $(find word2vec distributed -name '*.h' -o -name '*.cpp' | sort))
# Any command may read a corpus (text/); word2vec/ is reached only to train (resuming a run
# included).
while IFS= read -r file; do
  [[ $file =~ ^tools/(train_command\.cpp|train_args\.(h|cpp)|train_kinds\.h|train_group_options\.(h|cpp)|read_vocabulary\.(h|cpp)|resumed_run\.(h|cpp)|small_vocabulary\.(h|cpp)|initial_model_loading\.(h|cpp)|trained_vectors\.(h|cpp))$ ]] ||
    problems+=("$file includes word2vec/ but does not train")
done < <(grep -l '^#include "word2vec/' $(find tools -name '*.h' -o -name '*.cpp' | sort))

while read -r lines file; do
  [[ $file == total ]] && continue
  ((lines <= 450)) || problems+=("$file has $lines lines (at most 450)")
done < <(find io autograd text embeddings lm word2vec distributed tools python tests -name '*.h' -o -name '*.cpp' | sort | xargs wc -l)

if ((${#problems[@]} > 0)); then
  printf 'FAIL: %s\n' "${problems[@]}"
  exit 1
fi
echo "ok: layers, vector-file home and file sizes as designed"
