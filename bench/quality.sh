#!/usr/bin/env bash
# Analogy accuracy of gradvec against gensim (and fastText) on TinyShakespeare: same tokens, same
# hyperparameters, 3 seeds each, every model scored by the same evaluator. Exits 1 when gradvec's
# mean accuracy is below gensim's.
#
#   bench/quality.sh                      # all tools found
#   TOOLS="gensim fasttext" bench/quality.sh
#
# Environment: GRADVEC_BIN (default build/gradvec), GRADVEC_CORPUS (default
# data/tinyshakespeare.txt), TOOLS (default "gradvec gensim fasttext"; fasttext is dropped when
# not installed), SEEDS (default "1 2 3"), PYTHON (default /usr/bin/python3), KEEP_WORK=1 keeps
# the tokenised corpus and the trained vectors, TOLERANCE (percentage points gradvec's mean may
# trail gensim's, default 0). Fetches nothing. Exit status: 0 pass, 1 gradvec below gensim (minus
# TOLERANCE), 2 could not run (message on stderr).
#
# Seed noise is large on a corpus this small: one model's accuracy varies by about +-0.5 points
# between seeds, so two equally good trainers differ by ~0.3 points in a 3-seed mean. The "sd"
# column shows that spread; more SEEDS narrow it.
set -euo pipefail
shopt -s inherit_errexit

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
gradvec=${GRADVEC_BIN:-$repo/build/gradvec}
corpus=${GRADVEC_CORPUS:-$repo/data/tinyshakespeare.txt}
python=${PYTHON:-/usr/bin/python3}
read -r -a seeds <<<"${SEEDS:-1 2 3}"
read -r -a tools <<<"${TOOLS:-gradvec gensim fasttext}"
tolerance=${TOLERANCE:-0}
questions=$repo/bench/shakespeare_analogies.txt

# One set of hyperparameters for every tool: word2vec.c's skip-gram defaults.
dim=100 window=5 negative=5 sample=1e-3 min_count=5 lr=0.025 epochs=5 restrict=30000

die() {
  echo "quality.sh: $*" >&2
  exit 2
}

has_tool() {
  local tool
  for tool in "${tools[@]}"; do [[ $tool == "$1" ]] && return 0; done
  return 1
}

[[ $tolerance =~ ^[0-9]+([.][0-9]+)?$ ]] || die "TOLERANCE must be a non-negative number, got '$tolerance'"
[[ -f $corpus ]] || die "corpus $corpus not found: run data/fetch.sh or set GRADVEC_CORPUS"
"$python" -c 'import gensim' 2>/dev/null ||
  die "$python cannot import gensim (the analogy check and cross-check need it): ./setup.sh --peers"
if has_tool gradvec; then
  [[ -x $gradvec ]] || die "gradvec binary $gradvec not found: build it (cmake -S . -B build && cmake --build build) or set GRADVEC_BIN"
fi
if has_tool fasttext && ! command -v fasttext >/dev/null; then
  echo "quality.sh: fasttext not installed, skipping it (./setup.sh --peers installs it)" >&2
  for i in "${!tools[@]}"; do [[ ${tools[i]} == fasttext ]] && unset 'tools[i]'; done
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/gradvec-quality.XXXXXX")
if [[ ${KEEP_WORK:-0} == 1 ]]; then
  echo "quality.sh: keeping work files in $work" >&2
else
  trap 'rm -rf "$work"' EXIT
fi

tokens=$work/tokens.txt
"$python" "$repo/bench/tokenise_corpus.py" "$corpus" "$tokens" >/dev/null
# A question with a word below min-count is skipped by every evaluator, silently shrinking the set.
"$python" "$repo/bench/analogies.py" check "$questions" "$tokens" --min-count "$min_count" >&2

# train TOOL SEED OUT_VEC: writes word2vec text vectors, output to $work/TOOL-SEED.log.
train() {
  local tool=$1 seed=$2 out=$3
  case $tool in
    gradvec)
      "$gradvec" train --corpus "$tokens" --output "$out" --format w2v --dim $dim --window $window \
        --negative $negative --sample $sample --min-count $min_count --epochs $epochs --lr $lr \
        --optimizer sgd --loss sgns --threads 1 --seed "$seed" --quiet ;;
    gensim)
      "$python" "$repo/bench/gensim_train.py" --input "$tokens" --output "$out" --dim $dim \
        --window $window --negative $negative --sample $sample --min-count $min_count --lr $lr \
        --epochs $epochs --threads 1 --seed "$seed" ;;
    fasttext)
      # -minn 0 -maxn 0: no character n-grams, i.e. plain word2vec skip-gram. fastText's learning
      # rate decays linearly to 0 (word2vec.c and gensim stop at lr * 1e-4): a negligible gap.
      fasttext skipgram -input "$tokens" -output "${out%.vec}" -dim $dim -ws $window -neg $negative \
        -t $sample -minCount $min_count -lr $lr -epoch $epochs -minn 0 -maxn 0 -thread 1 \
        -seed "$seed" -verbose 0 ;;
    *) die "unknown tool '$tool' in TOOLS (known: gradvec gensim fasttext)" ;;
  esac >"$work/$tool-$seed.log" 2>&1 || {
    tail -n 5 "$work/$tool-$seed.log" >&2
    die "$tool training with seed $seed failed (log above)"
  }
}

# accuracy EVALUATOR VEC: "correct seen percent" from the evaluator's final "total:" line.
accuracy() {
  local evaluator=$1 vec=$2 output line
  if [[ $evaluator == gradvec ]]; then
    output=$("$gradvec" eval analogy --vectors "$vec" --questions "$questions" \
      --restrict $restrict --method add) || die "gradvec eval analogy failed on $vec"
  else
    output=$("$python" "$repo/bench/gensim_eval.py" "$vec" "$questions" --restrict $restrict) ||
      die "gensim_eval.py failed on $vec"
  fi
  line=${output##*$'\n'}
  [[ $line =~ ^total:\ ([0-9]+)/([0-9]+)\ correct\ \(([0-9.]+)%\) ]] ||
    die "$evaluator evaluator printed '$line', expected 'total: C/S correct (P%), S/N questions seen'"
  echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]} ${BASH_REMATCH[3]}"
}

# The primary evaluator is gradvec's when it is being benchmarked (the brief: one evaluator for
# all models); gensim's always runs too, as an independent cross-check of the scoring.
primary=gensim
has_tool gradvec && primary=gradvec

results=$work/results.tsv
for seed in "${seeds[@]}"; do
  for tool in "${tools[@]}"; do
    vec=$work/$tool-$seed.vec
    start=$EPOCHREALTIME
    train "$tool" "$seed" "$vec"
    seconds=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
    score=$(accuracy "$primary" "$vec")
    cross=$(accuracy gensim "$vec")
    read -r correct seen percent <<<"$score"
    read -r _ cross_seen cross_percent <<<"$cross"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$tool" "$seed" "$correct" "$seen" "$percent" \
      "$cross_percent" "$cross_seen" "$seconds" >>"$results"
    echo "quality.sh: $tool seed $seed: $percent% ($correct/$seen), $seconds s" >&2
  done
done

total=$(grep -cv '^:' "$questions")
echo "Analogy accuracy on bench/shakespeare_analogies.txt ($total questions), scored by" \
  "\`$primary\` 3CosAdd (restrict $restrict); cross-check: gensim evaluate_word_analogies."
echo "Skip-gram, negative sampling: dim $dim, window $window, negative $negative, sample $sample," \
  "min-count $min_count, lr $lr, $epochs epochs, 1 thread; corpus $(basename "$corpus")."
echo
# Table, per-tool means, and the verdict: gradvec's mean must not fall below gensim's.
awk -F'\t' -v primary="$primary" -v tolerance="$tolerance" '
  BEGIN {
    print "| tool | seed | accuracy (" primary " eval) | seen | accuracy (gensim eval) | train s |"
    print "|---|---|---|---|---|---|"
  }
  {
    printf "| %s | %s | %.2f%% | %d | %.2f%% | %.1f |\n", $1, $2, $5, $4, $6, $8
    if (!($1 in sum)) order[++n] = $1
    sum[$1] += $5; sumsq[$1] += $5 * $5; cross[$1] += $6; runs[$1]++; secs[$1] += $8
  }
  END {
    for (i = 1; i <= n; i++) {
      t = order[i]
      mean[t] = sum[t] / runs[t]
      # Sample standard deviation over seeds; 0 for one seed (and for rounding below 0).
      variance = runs[t] > 1 ? (sumsq[t] - runs[t] * mean[t] ^ 2) / (runs[t] - 1) : 0
      sd = variance > 0 ? sqrt(variance) : 0
      printf "| **%s mean** | %d seeds | **%.2f%%** (sd %.2f) | | %.2f%% | %.1f |\n", t, runs[t],
        mean[t], sd, cross[t] / runs[t], secs[t] / runs[t]
    }
    print ""
    if (("gradvec" in mean) && ("gensim" in mean)) {
      verdict = mean["gradvec"] >= mean["gensim"] - tolerance ? "PASS" : "FAIL"
      printf "%s: gradvec mean %.2f%% vs gensim mean %.2f%% (tolerance %s points)\n", verdict,
        mean["gradvec"], mean["gensim"], tolerance
      exit verdict == "PASS" ? 0 : 1
    }
    print "(gradvec vs gensim verdict needs both tools in TOOLS)"
  }' "$results"
