#!/usr/bin/env bash
# The positional-encoding experiment: `gradvec lm train`'s default model trained with the same
# budget, the same seeds and the same windows under each --pos (none, learned, sinusoidal, RoPE in
# both pair conventions), then
#   - the validation loss (nats per character, the last 10% of the corpus) at the trained context
#     T, and at 2T for the schemes that can read that far (learned positions cannot), with the
#     loss at 2T's positions T..2T-1 alone: the positions training never reached;
#   - the relative-position test on each trained model: layer 1's attention scores among
#     T - T/4 validation characters, read alone and moved T/4 positions later; the largest change
#     against the scores' spread (lm eval --shift).
#
#   bench/positions.sh                        seed 1, the default budget
#   SEEDS="1 2 3" bench/positions.sh          mean and sd over seeds
#
# Environment: SEEDS (default 1), CONTEXT (T, default 64), THREADS (default 2), EXTRA (more
# `lm train` options, e.g. "--steps 300"), GRADVEC_BIN, GRADVEC_CORPUS, KEEP_WORK=1.
# Prints a Markdown table on stdout, progress on stderr; exit status 2 when something could not run.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
seeds=${SEEDS:-1}
context=${CONTEXT:-64}
threads=${THREADS:-2}
read -r -a extra <<<"${EXTRA:-}"
[[ $context =~ ^[1-9][0-9]*$ ]] || die "CONTEXT must be a positive integer, got '$context'"
for seed in $seeds; do [[ $seed =~ ^[0-9]+$ ]] || die "SEEDS must hold integers, got '$seed'"; done
require_gradvec
require_corpus
make_work_dir
shift_by=$((context / 4))
schemes=(none learned sinusoidal rope rope-interleaved)

echo "$script: $(uptime)" >&2
for seed in $seeds; do
  for scheme in "${schemes[@]}"; do
    pos=(--pos "${scheme%-interleaved}")
    [[ $scheme == *-interleaved ]] && pos+=(--interleaved)
    model=$work/$scheme-$seed.lm
    echo "$script: training $scheme, seed $seed" >&2
    "$gradvec" lm train --corpus "$corpus" "${pos[@]}" --context "$context" --seed "$seed" \
      --threads "$threads" --output "$model" --quiet "${extra[@]}" >"$work/$scheme-$seed.train" ||
      die "lm train --pos $scheme failed"
    # Learned positions cannot read 2T characters: lm eval refuses, and the cell stays empty.
    "$gradvec" lm eval --checkpoint "$model" --corpus "$corpus" --context $((2 * context)) \
      --threads "$threads" >"$work/$scheme-$seed.long" 2>/dev/null || true
    "$gradvec" lm eval --checkpoint "$model" --corpus "$corpus" --shift "$shift_by" \
      --threads "$threads" >"$work/$scheme-$seed.shift" || die "lm eval --shift failed"
  done
done
echo "$script: $(uptime)" >&2

echo "Machine: $(nproc) CPUs ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)); $threads threads; seeds: $seeds."
echo "Model: \`gradvec lm train\` defaults${EXTRA:+ with $EXTRA}, context T = $context; the relative-position test moves $((context - shift_by)) characters by $shift_by positions."
echo
"$python" - "$work" "$context" "${schemes[*]}" "$seeds" <<'PY'
import re
import statistics
import sys

work, context, schemes, seeds = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(), sys.argv[4].split()


def number(path, pattern):
    try:
        found = re.search(pattern, open(path).read(), re.M)
    except FileNotFoundError:
        return None
    return float(found.group(1)) if found else None


def loss(path):
    return number(path, r"^validation loss ([0-9.]+)")


def beyond(path):  # the loss at positions T..2T-1 of the 2T windows
    return number(path, r"\| at positions [0-9]+-[0-9]+: ([0-9.]+)$")


def cell(values):
    if any(v is None for v in values):
        return "— (cannot read that far)"
    if len(values) == 1:
        return f"{values[0]:.4f}"
    return f"{statistics.mean(values):.4f} (sd {statistics.stdev(values):.4f})"


print(f"| positions | validation loss at T = {context} | at 2T = {2 * context} | at 2T, positions {context}–{2 * context - 1} alone | layer-1 scores moved by {context // 4} positions: largest change / spread |")
print("|---|---|---|---|---|")
names = {"rope": "RoPE (split halves)", "rope-interleaved": "RoPE (interleaved)"}
for scheme in schemes:
    at_t = [loss(f"{work}/{scheme}-{s}.train") for s in seeds]
    at_2t = [loss(f"{work}/{scheme}-{s}.long") for s in seeds]
    past_t = [beyond(f"{work}/{scheme}-{s}.long") for s in seeds]
    shift = open(f"{work}/{scheme}-{seeds[0]}.shift").read()
    found = re.search(r"at most ([0-9.e+-]+) .* span ([0-9.e+-]+)\)", shift)
    moved = f"{float(found.group(1)):.2g} / {float(found.group(2)):.3g}" if found else "?"
    print(f"| {names.get(scheme, scheme)} | {cell(at_t)} | {cell(at_2t)} | {cell(past_t)} | {moved} |")
PY
