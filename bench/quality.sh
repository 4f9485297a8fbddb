#!/usr/bin/env bash
# Analogy accuracy of gradvec against gensim (and fastText) on TinyShakespeare: same tokens, same
# hyperparameters, 10 seeds each, every model scored by the same evaluator. Exits 1 when gradvec's
# mean accuracy is below gensim's.
#
#   bench/quality.sh                      # all tools found
#   TOOLS="gensim fasttext" bench/quality.sh
#   MODES="sg-hs cbow-ns cbow-hs" INIT_SCALES=1 SEEDS="1 2 3 4 5" bench/quality.sh
#
# The initial range of the input vectors is a hyperparameter too, and it matters here: gradvec
# (by default), gensim 4 and fastText start them uniform in +-1/dim, word2vec.c in +-0.5/dim,
# and the wider start scores about half a point higher for both gradvec and gensim. So gradvec
# and gensim are compared at each scale in INIT_SCALES (gradvec --init-scale, gensim rescaled
# before training) and gradvec must not trail at any of them. gensim reads the corpus through
# corpus_file=, on OpenBLAS (the script refuses the reference BLAS). fastText always starts at +-1/dim
# (it has no option for it) and is listed with that scale.
#
# Environment: GRADVEC_BIN (default build/gradvec), GRADVEC_CORPUS (default
# data/tinyshakespeare.txt), TOOLS (default "gradvec gensim fasttext"; fasttext is dropped when
# not installed), SEEDS (default 1..10), INIT_SCALES (default "1 0.5"), MODES (default sg-ns;
# any of sg-ns sg-hs cbow-ns cbow-hs: skip-gram or CBOW, negative sampling or hierarchical
# softmax, each tool in its own same mode, CBOW at word2vec.c's lr 0.05), PYTHON (default
# /usr/bin/python3), KEEP_WORK=1 keeps the tokenised corpus and the trained vectors, TOLERANCE
# (percentage points gradvec's mean may trail gensim's, default 0). Fetches nothing. Exit status:
# 0 pass, 1 gradvec below gensim (minus TOLERANCE) in some mode at some scale, 2 could not run (message on
# stderr).
#
# Seed noise is large on a corpus this small: one model's accuracy varies by about +-0.45 points
# between seeds, so a 3-seed mean (the minimum the skip-gram issue asked for) carries a standard
# error of ~0.26 points, as large as the differences being measured. Ten seeds bring it to ~0.14;
# the "sd" column shows the spread. About 4 minutes on this 2-core machine.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
read -r -a seeds <<<"${SEEDS:-1 2 3 4 5 6 7 8 9 10}"
read -r -a scales <<<"${INIT_SCALES:-1 0.5}"
read -r -a tools <<<"${TOOLS:-gradvec gensim fasttext}"
read -r -a modes <<<"${MODES:-sg-ns}"
tolerance=${TOLERANCE:-0}
questions=$repo/bench/shakespeare_analogies.txt
epochs=5 restrict=30000

has_tool() {
  local tool
  for tool in "${tools[@]}"; do [[ $tool == "$1" ]] && return 0; done
  return 1
}

[[ $tolerance =~ ^[0-9]+([.][0-9]+)?$ ]] || die "TOLERANCE must be a non-negative number, got '$tolerance'"
for scale in "${scales[@]}"; do
  [[ $scale =~ ^[0-9]*[.]?[0-9]+$ && ! $scale =~ ^[0.]+$ ]] ||
    die "INIT_SCALES must hold positive numbers, got '$scale'"
done
require_known_tools "${tools[@]}"
require_known_modes "${modes[@]}"
require_corpus
"$python" -c 'import gensim' 2>/dev/null ||
  die "$python cannot import gensim (the analogy check and cross-check need it): ./setup.sh --peers"
require_openblas
has_tool gradvec && require_gradvec
if has_tool fasttext && ! command -v fasttext >/dev/null; then
  echo "quality.sh: fasttext not installed, skipping it (./setup.sh --peers installs it)" >&2
  for i in "${!tools[@]}"; do [[ ${tools[i]} == fasttext ]] && unset 'tools[i]'; done
fi

make_work_dir
tokenise 1
# A question with a word below min-count is skipped by every evaluator, silently shrinking the set.
"$python" "$repo/bench/analogies.py" check "$questions" "$tokens" --min-count "$min_count" >&2

# train TOOL SEED SCALE OUT_VEC: writes word2vec text vectors in the current mode, output to
# $work/MODE-TOOL-SEED-SCALE.log.
train() {
  local tool=$1 seed=$2 scale=$3 out=$4 log=$work/$mode-$1-$2-$3.log
  local -a cmd
  mapfile -t cmd < <(train_command "$tool" 1 "$seed" $epochs "$scale" "$out")
  "${cmd[@]}" >"$log" 2>&1 || {
    tail -n 5 "$log" >&2
    die "$tool training ($mode) with seed $seed failed (log above)"
  }
}

# accuracy EVALUATOR VEC: "correct seen percent" from the evaluator's final "total:" line.
accuracy() {
  local evaluator=$1 vec=$2 output line
  if [[ $evaluator == gradvec ]]; then
    output=$("$gradvec" eval analogy --vectors "$vec" --questions "$questions" \
      --restrict $restrict --method add) || die "gradvec eval analogy failed on $vec"
  else
    output=$("$python" "$repo/bench/gensim_eval.py" check "$vec" "$questions" --restrict $restrict) ||
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
for mode in "${modes[@]}"; do
  set_mode "$mode"
  for seed in "${seeds[@]}"; do
    for tool in "${tools[@]}"; do
      tool_scales=("${scales[@]}")
      [[ $tool == fasttext ]] && tool_scales=(1)
      for scale in "${tool_scales[@]}"; do
        vec=$work/$mode-$tool-$seed-$scale.vec
        start=$EPOCHREALTIME
        train "$tool" "$seed" "$scale" "$vec"
        seconds=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
        score=$(accuracy "$primary" "$vec")
        cross=$(accuracy gensim "$vec")
        read -r correct seen percent <<<"$score"
        read -r _ cross_seen cross_percent <<<"$cross"
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$tool" "$seed" "$correct" "$seen" \
          "$percent" "$cross_percent" "$cross_seen" "$seconds" "$scale" "$mode" >>"$results"
        echo "quality.sh: $mode $tool init ±$scale/d seed $seed: $percent% ($correct/$seen), $seconds s" >&2
      done
    done
  done
done

total=$(grep -cv '^:' "$questions")
echo "Analogy accuracy on bench/shakespeare_analogies.txt ($total questions), scored by" \
  "\`$primary\` 3CosAdd (restrict $restrict); cross-check: gensim evaluate_word_analogies."
for mode in "${modes[@]}"; do
  set_mode "$mode"
  echo "$mode: $(describe_mode), lr $lr."
done
echo "Every mode: dim $dim, window $window, sample $sample, min-count $min_count, $epochs epochs," \
  "1 thread; corpus $(basename "$corpus"). Each tool runs the same mode (gensim sg, hs," \
  "negative; fastText skipgram|cbow -loss ns|hs)."
echo "init: the input vectors' starting range, uniform in ±init/dim. gensim: corpus_file=, BLAS $blas."

echo
# Per-run table, per (mode, tool, init) means, and the verdict: in every mode at every init
# scale, gradvec's mean must not fall below gensim's.
awk -F'\t' -v primary="$primary" -v tolerance="$tolerance" '
  BEGIN {
    print "| mode | tool | init | seed | accuracy (" primary " eval) | seen | accuracy (gensim eval) | train s |"
    print "|---|---|---|---|---|---|---|---|"
  }
  {
    printf "| %s | %s | ±%s/d | %s | %.2f%% | %d | %.2f%% | %.1f |\n", $10, $1, $9, $2, $5, $4, $6, $8
    key = $10 SUBSEP $1 SUBSEP $9
    if (!(key in sum)) order[++n] = key
    sum[key] += $5; sumsq[key] += $5 * $5; cross[key] += $6; runs[key]++; secs[key] += $8
  }
  END {
    for (i = 1; i <= n; i++) {
      key = order[i]
      split(key, part, SUBSEP)
      mean[key] = sum[key] / runs[key]
      # Sample standard deviation over seeds; 0 for one seed (and for rounding below 0).
      variance = runs[key] > 1 ? (sumsq[key] - runs[key] * mean[key] ^ 2) / (runs[key] - 1) : 0
      sd = variance > 0 ? sqrt(variance) : 0
      printf "| %s | **%s mean** | ±%s/d | %d seeds | **%.2f%%** (sd %.2f) | | %.2f%% | %.1f |\n",
        part[1], part[2], part[3], runs[key], mean[key], sd, cross[key] / runs[key],
        secs[key] / runs[key]
    }
    print ""
    compared = 0; failed = 0
    for (i = 1; i <= n; i++) {
      split(order[i], part, SUBSEP)
      theirs_key = part[1] SUBSEP "gensim" SUBSEP part[3]
      if (part[2] != "gradvec" || !(theirs_key in mean)) continue
      ours = mean[order[i]]; theirs = mean[theirs_key]
      verdict = ours >= theirs - tolerance ? "PASS" : "FAIL"
      if (verdict == "FAIL") failed = 1
      compared = 1
      printf "%s in %s at init ±%s/d: gradvec mean %.2f%% vs gensim mean %.2f%% (%+.2f points; tolerance %s)\n",
        verdict, part[1], part[3], ours, theirs, ours - theirs, tolerance
    }
    if (!compared) print "(gradvec vs gensim verdict needs both tools in TOOLS)"
    exit failed
  }' "$results"
