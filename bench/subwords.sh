#!/usr/bin/env bash
# Subword skip-gram against fastText's, and what subwords gain over word-level skip-gram, per
# analogy category, on TinyShakespeare: same tokens, same hyperparameters, SEEDS each, every
# model scored by `gradvec eval analogy` (3CosAdd, the same evaluator for all). Exits 1 when
# gradvec's subword mean accuracy is below fastText's.
#
#   bench/subwords.sh
#   SEEDS="1 2 3" bench/subwords.sh
#
# Runs (each at 1 thread, 5 epochs, common.sh's hyperparameters):
#   gradvec-sub   gradvec train --subwords (minn 3, maxn 6, 2M buckets)  mode sg-sub
#   fasttext-sub  fasttext skipgram -minn 3 -maxn 6 -bucket 2000000      mode sg-sub
#   gradvec-word  gradvec train (no n-grams)                             mode sg-ns
# Environment: GRADVEC_BIN, GRADVEC_CORPUS, SEEDS (default 1..5), PYTHON, KEEP_WORK=1 (see
# common.sh). Needs fasttext (./setup.sh --peers). Exit status: 0 pass, 1 gradvec below fastText,
# 2 could not run.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
read -r -a seeds <<<"${SEEDS:-1 2 3 4 5}"
questions=$repo/bench/shakespeare_analogies.txt
epochs=5 restrict=30000

require_corpus
require_gradvec
command -v fasttext >/dev/null || die "fasttext not installed: ./setup.sh --peers"
make_work_dir
tokenise 1
# A question with a word below min-count is skipped by the evaluator, silently shrinking the set.
"$python" "$repo/bench/analogies.py" check "$questions" "$tokens" --min-count "$min_count" >&2

# run NAME TOOL MODE SEED: trains, then appends "NAME seed category correct total" lines, one per
# category and one for "total", to $results.
results=$work/results.tsv
run() {
  local name=$1 tool=$2 seed=$4 vec=$work/$1-$4.vec log=$work/$1-$4.log start seconds
  local -a cmd
  set_mode "$3"
  mapfile -t cmd < <(train_command "$tool" 1 "$seed" $epochs 1 "$vec")
  start=$EPOCHREALTIME
  "${cmd[@]}" >"$log" 2>&1 || {
    tail -n 5 "$log" >&2
    die "$name training with seed $seed failed (log above)"
  }
  seconds=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
  "$gradvec" eval analogy --vectors "$vec" --questions "$questions" --restrict $restrict \
    --method add >"$log.eval" 2>&1 || die "gradvec eval analogy failed on $vec"
  # "gender: 139/702 correct (19.80%)" and "total: 560/2714 correct (20.63%), ..."
  sed -nE 's#^([a-z-]+): ([0-9]+)/([0-9]+) correct.*#\1 \2 \3#p' "$log.eval" |
    awk -v name="$name" -v seed="$seed" '{ print name "\t" seed "\t" $1 "\t" $2 "\t" $3 }' >>"$results"
  echo "subwords.sh: $name seed $seed: $(tail -n 1 "$log.eval"), $seconds s" >&2
  rm -f "$vec" "${vec%.vec}.bin"  # fastText's .bin holds the 2M-row bucket table: 800 MB
}

for seed in "${seeds[@]}"; do
  run gradvec-sub gradvec sg-sub "$seed"
  run fasttext-sub fasttext sg-sub "$seed"
  run gradvec-word gradvec sg-ns "$seed"
done

echo "Analogy accuracy per category on bench/shakespeare_analogies.txt, scored by gradvec eval" \
  "(3CosAdd, restrict $restrict); mean (sample sd) over ${#seeds[@]} seeds (${seeds[*]})."
echo "Skip-gram, negative $negative, dim $dim, window $window, sample $sample, min-count" \
  "$min_count, lr 0.025, $epochs epochs, 1 thread; subwords: minn $minn, maxn $maxn, $buckets" \
  "buckets; corpus $(basename "$corpus")."
echo
awk -F'\t' '
  {
    key = $1 SUBSEP $3
    if (!($3 in seen)) { seen[$3] = 1; categories[++n] = $3 }
    percent = 100 * $4 / $5
    sum[key] += percent; sumsq[key] += percent * percent; runs[key]++; questions[$3] = $5
  }
  function mean(tool, category) { return sum[tool, category] / runs[tool, category] }
  function sd(tool, category,    k, m, v) {
    k = runs[tool, category]; m = mean(tool, category)
    v = k > 1 ? (sumsq[tool, category] - k * m * m) / (k - 1) : 0
    return v > 0 ? sqrt(v) : 0
  }
  function cell(tool, category) { return sprintf("%.2f%% (%.2f)", mean(tool, category), sd(tool, category)) }
  END {
    print "| category | questions | gradvec subwords | fastText subwords | gradvec word-level | subwords gain |"
    print "|---|---|---|---|---|---|"
    for (i = 1; i <= n; i++) {
      c = categories[i]
      label = c == "total" ? "**all**" : c
      printf "| %s | %d | %s | %s | %s | %+.2f |\n", label, questions[c], cell("gradvec-sub", c),
        cell("fasttext-sub", c), cell("gradvec-word", c), mean("gradvec-sub", c) - mean("gradvec-word", c)
    }
    ours = mean("gradvec-sub", "total"); theirs = mean("fasttext-sub", "total")
    printf "\n%s: gradvec subwords %.2f%% vs fastText subwords %.2f%% (%+.2f points)\n",
      (ours >= theirs ? "PASS" : "FAIL"), ours, theirs, ours - theirs
    exit (ours < theirs)
  }' "$results"
