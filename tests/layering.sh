#!/usr/bin/env bash
# layering.sh REPO: the include graph keeps the house's shape.
#  - every library includes only itself and the layers below it:
#      io  <-  autograd  <-  embeddings  <-  word2vec  <-  tools;   embeddings  <-  tools/vectors  <-  tools
#    (io, the ground floor of file reading and writing, is below all of them)
#      word2vec  <-  distributed  <-  tools  (training across MPI ranks; built with GRADVEC_MPI only)
#      embeddings  <-  embeddings/lm  <-  tools  (the transformer: nothing else uses it)
#      tools  <-  python  (the Python module's bindings, built with GRADVEC_PYTHON only)
#  - word2vec/ holds no word-vector file code; tools/ reaches word2vec/corpus/ to read a corpus,
#    and the rest of word2vec/ only to train (or to prepare a corpus for training: phrases);
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
check_layer embeddings 'io|autograd|embeddings'
check_layer word2vec 'io|autograd|embeddings|word2vec'
check_layer tools/vectors 'io|autograd|embeddings|tools/vectors'
check_layer distributed 'io|autograd|embeddings|word2vec|distributed'
check_layer tools 'io|autograd|embeddings|word2vec|distributed|tools' tools/vectors
check_layer python 'io|autograd|embeddings|word2vec|tools|python'

# embeddings/lm/ sits above the rest of embeddings/: only it and the command line include it.
while IFS= read -r file; do
  [[ $file == embeddings/lm/* || ($file == tools/* && $file != tools/vectors/*) ]] ||
    problems+=("$file includes embeddings/lm/, which only embeddings/lm/ and tools/ may")
done < <(grep -lE '^#include "embeddings/lm/' $(find io autograd embeddings word2vec distributed tools -name '*.h' -o -name '*.cpp' | sort))

# Vector files have one home, tools/vectors/.
while IFS= read -r file; do
  problems+=("$file: vector-file code in word2vec/ (its home is tools/vectors/)")
done < <(grep -lE 'VectorFormat|read_vectors|write_vectors|MappedFile' $(find word2vec distributed -name '*.h' -o -name '*.cpp' | sort))
# Any command may read a corpus (word2vec/corpus/); the rest of word2vec/ is reached only to
# train (resuming a run included) or to prepare a corpus for training (phrases_command).
while IFS= read -r file; do
  [[ $file =~ ^tools/(train_command\.cpp|train_args\.(h|cpp)|train_kinds\.h|train_group\.(h|cpp)|read_vocabulary\.(h|cpp)|resumed_run\.(h|cpp)|small_vocabulary\.(h|cpp)|initial_model_loading\.(h|cpp)|trained_vectors\.(h|cpp)|phrases_command\.cpp)$ ]] ||
    problems+=("$file includes word2vec/ outside word2vec/corpus/ but does not train")
done < <(grep -lP '^#include "word2vec/(?!corpus/)' $(find tools -name '*.h' -o -name '*.cpp' | sort))

while read -r lines file; do
  [[ $file == total ]] && continue
  ((lines <= 450)) || problems+=("$file has $lines lines (at most 450)")
done < <(find io autograd embeddings word2vec distributed tools python tests -name '*.h' -o -name '*.cpp' | sort | xargs wc -l)

if ((${#problems[@]} > 0)); then
  printf 'FAIL: %s\n' "${problems[@]}"
  exit 1
fi
echo "ok: layers, vector-file home and file sizes as designed"
