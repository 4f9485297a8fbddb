# Sourced by every bench script, first: strict mode, paths, errors, the BLAS check, the work
# directory, the shared tokenised corpus, and each tool's training command. Keeping the commands
# in one place means one mapping from the common hyperparameters to every tool's flags, so the two
# benchmarks cannot drift apart.
set -euo pipefail
shopt -s inherit_errexit

# The sourcing script's name, for messages.
script=${BASH_SOURCE[-1]##*/}

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
gradvec=${GRADVEC_BIN:-$repo/build/gradvec}
corpus=${GRADVEC_CORPUS:-$repo/data/tinyshakespeare.txt}
python=${PYTHON:-/usr/bin/python3}

# One set of hyperparameters for every tool: word2vec.c's defaults. (Epochs, threads, seed and
# the initial range are arguments of train_command; the model, the loss and the learning rate
# come from the mode, see set_mode.)
dim=100 window=5 negative=5 sample=1e-3 min_count=5
model=skipgram loss=sgns lr=0.025 subwords=0
# fastText's subword defaults, used by the -sub modes.
minn=3 maxn=6 buckets=2000000
modes_known="sg-ns sg-hs cbow-ns cbow-hs sg-sub cbow-sub"

die() {
  echo "$script: $*" >&2
  exit 2
}

# set_mode MODE: the model, the loss and word2vec.c's learning rate for that model (CBOW 0.05,
# skip-gram 0.025). hs means hierarchical softmax with no negative sampling beside it; sub means
# negative sampling with fastText's character n-grams (minn..maxn, buckets).
set_mode() {
  subwords=0
  case $1 in
    sg-ns) model=skipgram loss=sgns lr=0.025 ;;
    sg-hs) model=skipgram loss=hs lr=0.025 ;;
    cbow-ns) model=cbow loss=sgns lr=0.05 ;;
    cbow-hs) model=cbow loss=hs lr=0.05 ;;
    sg-sub) model=skipgram loss=sgns lr=0.025 subwords=1 ;;
    cbow-sub) model=cbow loss=sgns lr=0.05 subwords=1 ;;
    *) die "unknown mode '$1' in MODES (known: $modes_known)" ;;
  esac
}

# require_known_modes MODE...: every name must be one set_mode knows (checked before any run).
require_known_modes() {
  local mode
  for mode in "$@"; do (set_mode "$mode"); done
}

# describe_mode: the current mode in words, e.g. "CBOW, hierarchical softmax".
describe_mode() {
  local name=Skip-gram objective="negative sampling (negative $negative)"
  [[ $model == cbow ]] && name="CBOW (mean of the context rows)"
  [[ $loss == hs ]] && objective="hierarchical softmax"
  ((subwords)) && objective+=", character n-grams $minn-$maxn in $buckets buckets"
  echo "$name, $objective"
}

require_gradvec() {
  [[ -x $gradvec ]] || die "gradvec binary $gradvec not found: build it (cmake -S . -B build && cmake --build build) or set GRADVEC_BIN"
}

# require_known_tools TOOL...: every name must be one train_command knows. TOOL@ISA (ISA one of
# baseline, avx2, avx512) runs the tool as a machine with only that instruction set would:
# gradvec with GRADVEC_ISA=ISA (autograd/simd/isa.h), gensim with OpenBLAS held to that ISA's
# kernels (OPENBLAS_CORETYPE), word2vec.c compiled for it rather than -march=native. On an
# AVX-512 machine, @avx2 races the tools as an AVX2 laptop would.
require_known_tools() {
  local tool
  for tool in "$@"; do
    [[ $tool =~ ^(gradvec|gensim|gensim-lines|fasttext|word2vec.c)(@(baseline|avx2|avx512))?$ &&
      $tool != fasttext@* ]] ||
      die "unknown tool '$tool' in TOOLS (known: gradvec gensim gensim-lines fasttext word2vec.c, all but fasttext also as TOOL@baseline, TOOL@avx2, TOOL@avx512)"
  done
}

# isa_env ISA: the environment that holds OpenBLAS (gensim's sdot and saxpy) to ISA's kernels.
isa_env() {
  case $1 in
    avx512) echo OPENBLAS_CORETYPE=SkylakeX ;;
    avx2) echo OPENBLAS_CORETYPE=Haswell ;;
    baseline) echo OPENBLAS_CORETYPE=Prescott ;;
  esac
}

# build_word2vec_c [ISA]: sets `word2vec_c`, word2vec.c's own trainer built in $work from the
# sources npm's `word2vec` package ships, with the flags of its own makefile (-O3 -march=native
# -funroll-loops), the fastest build its authors give; with ISA, -march for that instruction set
# (x86-64, x86-64-v3, x86-64-v4) in place of native. Sets `word2vec_c_ISA` for each ISA built.
build_word2vec_c() {
  local isa=${1:-} march=native
  case $isa in
    avx512) march=x86-64-v4 ;;
    avx2) march=x86-64-v3 ;;
    baseline) march=x86-64 ;;
  esac
  [[ -d $work/package ]] || (cd "$work" && npm pack --silent word2vec >/dev/null && tar xzf word2vec-*.tgz) ||
    die "npm pack word2vec failed (offline?)"
  local binary=$work/word2vec${isa:+-$isa}
  gcc "$work/package/src/word2vec.c" -o "$binary" -lm -pthread -O3 -march=$march -Wall \
    -funroll-loops -Wno-unused-result -fno-stack-protector 2>/dev/null ||
    die "compiling word2vec.c failed"
  if [[ -n $isa ]]; then printf -v "word2vec_c_$isa" '%s' "$binary"; else word2vec_c=$binary; fi
}

# find_blas: sets `blas`, the library behind libblas.so.3, which gensim's inner loop calls. A
# benchmark of quality, not speed, names it without requiring OpenBLAS.
find_blas() {
  blas=$(update-alternatives --query "libblas.so.3-$(uname -m)-linux-gnu" 2>/dev/null |
    sed -n 's/^Value: //p')
  blas=${blas:-not set}
}

# require_openblas: gensim's inner loop (sdot/saxpy) and PyTorch's matmul call whatever
# libblas.so.3 points at. Debian's reference BLAS makes gensim ~1.5x and PyTorch ~10x slower than
# the OpenBLAS a pip user gets, so racing them on it would flatter gradvec: refuse instead. One
# BLAS thread per worker, as each tool's own threads are what is being compared. Sets `blas`.
require_openblas() {
  local alternative=libblas.so.3-$(uname -m)-linux-gnu
  find_blas
  [[ $blas == *openblas* ]] ||
    die "libblas.so.3 is '${blas:-not set}', not OpenBLAS: gensim and PyTorch would run slower than a pip install; run ./setup.sh --peers (it installs libopenblas0-pthread), or: update-alternatives --set $alternative /usr/lib/$(uname -m)-linux-gnu/openblas-pthread/libblas.so.3"
  export OPENBLAS_NUM_THREADS=1
}

require_corpus() {
  [[ -f $corpus ]] || die "corpus $corpus not found: run data/fetch.sh or set GRADVEC_CORPUS"
}

# make_work_dir: sets `work` to a new temporary directory, removed on exit unless KEEP_WORK=1.
make_work_dir() {
  work=$(mktemp -d "${TMPDIR:-/tmp}/gradvec-${script%.sh}.XXXXXX")
  if [[ ${KEEP_WORK:-0} == 1 ]]; then
    echo "$script: keeping work files in $work" >&2
  else
    trap 'rm -rf "$work"' EXIT
  fi
}

# tokenise COPIES: writes $work/tokens.txt, the corpus tokenised once for every tool and repeated
# COPIES times; sets `tokens` (its path) and `token_count`.
tokenise() {
  tokens=$work/tokens.txt
  local summary
  summary=$("$python" "$repo/bench/tokenise_corpus.py" "$corpus" "$tokens" --repeat "$1")
  [[ $summary =~ ^tokens:\ ([0-9]+) ]] || die "tokenise_corpus.py printed '$summary'"
  token_count=${BASH_REMATCH[1]}
}

# train_command TOOL THREADS SEED EPOCHS INIT_SCALE OUT_VEC: the command that trains TOOL on
# $tokens and writes word2vec text to OUT_VEC, one word per line (read it with mapfile). TOOL
# has passed require_known_tools: an exit in mapfile's process substitution would go unnoticed.
# INIT_SCALE: input vectors start uniform in +-INIT_SCALE/dim; fastText has no such option and
# always starts at +-1/dim.
train_command() {
  local tool=${1%@*} threads=$2 seed=$3 epochs=$4 scale=$5 out=$6 isa=
  [[ $1 == *@* ]] && isa=${1#*@}
  case $tool in
    gradvec)
      [[ -n $isa ]] && printf '%s\n' env "GRADVEC_ISA=$isa"
      printf '%s\n' "$gradvec" train --corpus "$tokens" --output "$out" --format w2v --dim $dim \
        --window $window --negative $negative --sample $sample --min-count $min_count \
        --epochs "$epochs" --lr $lr --optimizer sgd --model $model --loss $loss \
        --threads "$threads" --seed "$seed" --init-scale "$scale" --quiet
      if ((subwords)); then printf '%s\n' --subwords --minn $minn --maxn $maxn --buckets $buckets; fi
      ;;
    gensim | gensim-lines)
      if ((subwords)); then die "gensim is not raced in the subword modes (TOOLS without gensim)"; fi
      # gensim: corpus_file=, its fastest path (each worker reads its own part of the file, no
      # Python iterator in the way); gensim-lines: the LineSentence iterator most scripts use.
      local input=corpus_file
      [[ $tool == gensim-lines ]] && input=lines
      [[ -n $isa ]] && printf '%s\n' env "$(isa_env "$isa")"
      printf '%s\n' "$python" "$repo/bench/gensim_train.py" --input "$tokens" --output "$out" \
        --dim $dim --window $window --negative $negative --sample $sample --min-count $min_count \
        --lr $lr --epochs "$epochs" --threads "$threads" --seed "$seed" --init-scale "$scale" \
        --model $model --loss $loss --input-mode $input ;;
    fasttext)
      # Outside the -sub modes -minn 0 -maxn 0: no character n-grams, i.e. plain word2vec
      # (fastText then also allocates no n-gram buckets). It writes both NAME.bin and NAME.vec.
      # Its learning rate decays linearly to 0 (word2vec.c and gensim stop at lr * 1e-4): a
      # negligible gap.
      local ft_loss=ns ngrams=(-minn 0 -maxn 0)
      [[ $loss == hs ]] && ft_loss=hs
      if ((subwords)); then ngrams=(-minn $minn -maxn $maxn -bucket $buckets); fi
      printf '%s\n' fasttext $model -input "$tokens" -output "${out%.vec}" -dim $dim -ws $window \
        -loss $ft_loss -neg $negative -t $sample -minCount $min_count -lr $lr -epoch "$epochs" \
        "${ngrams[@]}" -thread "$threads" -seed "$seed" -verbose 0 ;;
    word2vec.c)
      if ((subwords)); then die "word2vec.c has no subwords (TOOLS without word2vec.c)"; fi
      local cbow=0 hs=0 neg=$negative
      [[ $model == cbow ]] && cbow=1
      [[ $loss == hs ]] && hs=1 neg=0
      # Its initial range is its own, ±0.5/dim; -iter is its epochs; text output.
      local binary=word2vec_c${isa:+_$isa}  # the build for this ISA (build_word2vec_c)
      binary=${!binary}
      printf '%s\n' "$binary" -train "$tokens" -output "$out" -size $dim -window $window \
        -negative $neg -hs $hs -sample $sample -min-count $min_count -alpha $lr -iter "$epochs" \
        -threads "$threads" -cbow $cbow -binary 0 ;;
  esac
}
