#!/usr/bin/env bash
# Would another default help a first-time user? Trains gradvec on TinyShakespeare with its
# defaults and with each variant in CONFIGS (1 thread, seeds SEEDS), scores every run on
# bench/shakespeare_analogies.txt with `gradvec eval analogy`, and prints mean and sd per variant.
#
#   bench/defaults.sh
#   SEEDS="1 2 3" CONFIGS="--epochs 10;--window 10" bench/defaults.sh
#
# Environment: GRADVEC_BIN (default build/gradvec), GRADVEC_CORPUS (default
# data/tinyshakespeare.txt), SEEDS (default 1..5), CONFIGS (variants separated by ';', each a
# list of `gradvec train` options; default: epochs 10 and 20, sample 1e-4, window 10).
# Prints Markdown on stdout; exit status 2 when something could not run.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
read -r -a seeds <<<"${SEEDS:-1 2 3 4 5}"
IFS=';' read -r -a configs <<<"${CONFIGS:---epochs 10;--epochs 20;--sample 1e-4;--window 10}"
configs=("" "${configs[@]}")  # the defaults first
require_gradvec
require_corpus
make_work_dir

echo "| options beyond the defaults | accuracy, mean (sd) over seeds ${seeds[*]} | per seed |"
echo "|---|---|---|"
for config in "${configs[@]}"; do
  read -r -a options <<<"$config"
  scores=()
  for seed in "${seeds[@]}"; do
    "$gradvec" train --corpus "$corpus" --threads 1 --seed "$seed" --quiet \
      --output "$work/v.vec" "${options[@]}" >/dev/null || die "train $config failed"
    line=$("$gradvec" eval analogy --vectors "$work/v.vec" \
      --questions "$repo/bench/shakespeare_analogies.txt" | tail -n 1)
    [[ $line =~ \(([0-9.]+)%\) ]] || die "eval printed '$line'"
    scores+=("${BASH_REMATCH[1]}")
    echo "$script: '${config:-defaults}' seed $seed: ${BASH_REMATCH[1]}%" >&2
  done
  printf '%s\n' "${scores[@]}" | awk -v label="${config:-(defaults)}" '
    { x[NR] = $1; sum += $1 }
    END {
      mean = sum / NR
      for (i = 1; i <= NR; i++) { ss += (x[i] - mean) ^ 2; all = all sprintf("%.2f ", x[i]) }
      printf "| %s | %.2f%% (%.2f) | %s|\n", label, mean, (NR > 1 ? sqrt(ss / (NR - 1)) : 0), all
    }'
done
