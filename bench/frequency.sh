#!/usr/bin/env bash
# Which model and loss suit rare words: gradvec's analogy accuracy in each mode, split by how
# often the rarest word of a question occurs in TinyShakespeare (bench/frequency_bands.py).
# 5 epochs, 1 thread, seeds 1-5; prints a Markdown table of the means over seeds.
#
#   bench/frequency.sh
#   MODES="sg-ns cbow-ns" SEEDS="1 2 3" bench/frequency.sh
#
# Environment: GRADVEC_BIN, GRADVEC_CORPUS, PYTHON (needs numpy), MODES (default all four),
# SEEDS (default 1..5), KEEP_WORK=1. Exit status 2 when something could not run.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
read -r -a modes <<<"${MODES:-$modes_known}"
read -r -a seeds <<<"${SEEDS:-1 2 3 4 5}"
questions=$repo/bench/shakespeare_analogies.txt
require_known_modes "${modes[@]}"
require_gradvec
require_corpus
"$python" -c 'import numpy' 2>/dev/null || die "$python cannot import numpy: apt-get install python3-numpy"

make_work_dir
tokenise 1
vectors=()
for mode in "${modes[@]}"; do
  set_mode "$mode"
  for seed in "${seeds[@]}"; do
    out=$work/$mode-$seed.vec
    mapfile -t cmd < <(train_command gradvec 1 "$seed" 5 1 "$out")
    "${cmd[@]}" >"$work/$mode-$seed.log" 2>&1 || die "gradvec $mode seed $seed failed: $(tail -n 1 "$work/$mode-$seed.log")"
    vectors+=("$out")
  done
done

echo "Analogy accuracy by the count of a question's rarest word in $(basename "$corpus")" \
  "(bench/shakespeare_analogies.txt, 3CosAdd); gradvec, 5 epochs, 1 thread, mean (sd) over" \
  "seeds ${seeds[*]}."
echo
"$python" "$repo/bench/frequency_bands.py" "$tokens" "$questions" "${vectors[@]}" |
  awk '
    # "PATH: NAME C/N (P%), ..., all C/N (P%)" -> per mode and band: sums of P and P².
    {
      mode = $1; sub(/.*\//, "", mode); sub(/-[0-9]+\.vec:$/, "", mode)
      if (!(mode in seen)) { seen[mode] = 1; order[++n] = mode }
      line = $0; sub(/^[^ ]+ /, "", line)
      count = split(line, parts, ", ")
      for (i = 1; i <= count; i++) {
        split(parts[i], f, " ")
        band[i] = f[1]; total[i] = f[2]; sub(/.*\//, "", total[i])
        p = f[3]; gsub(/[(%)]/, "", p)
        sum[mode, i] += p; sumsq[mode, i] += p * p; runs[mode, i]++
      }
      bands = count
    }
    END {
      header = "| mode |"; rule = "|---|"
      for (i = 1; i <= bands; i++) {
        header = header " " (band[i] == "all" ? "all" : "rarest word " band[i]) " (" total[i] " q.) |"
        rule = rule "---|"
      }
      print header; print rule
      for (k = 1; k <= n; k++) {
        row = "| " order[k] " |"
        for (i = 1; i <= bands; i++) {
          r = runs[order[k], i]; mean = sum[order[k], i] / r
          var = r > 1 ? (sumsq[order[k], i] - r * mean * mean) / (r - 1) : 0
          row = row sprintf(" %.2f%% (%.2f) |", mean, var > 0 ? sqrt(var) : 0)
        }
        print row
      }
    }'
