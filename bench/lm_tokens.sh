#!/usr/bin/env bash
# Characters against BPE tokens for the transformer: `gradvec lm train`'s default model over the
# corpus's characters and over a BPE tokenizer's tokens, at the same budget of text: the same
# steps and batch, with the BPE model's context the number of tokens that spans as many
# characters as the character model's context (the training text's characters per token), so
# that both see the same characters in training and read about the same text per window. Then
# the validation loss of each (the same last 10% of the corpus, split before encoding) in nats
# per token and per character, and the training time.
#
# The tokenizer is learned from the training 90% only, so the validation text is new to it too.
#
#   bench/lm_tokens.sh                         seeds 1 2 3, a BPE of 4096 tokens
#   SEEDS=1 EXTRA="--steps 300" bench/lm_tokens.sh
#
# Environment: SEEDS (default "1 2 3"), VOCAB (default 4096), CONTEXT (the character model's,
# default 64), THREADS (default 2), EXTRA (more `lm train` options for both), GRADVEC_BIN,
# GRADVEC_CORPUS, KEEP_WORK=1. The runs alternate, characters then BPE, seed by seed.
# Prints a Markdown table on stdout (mean and sd over the seeds), progress on stderr; exit status
# 2 when something could not run.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
seeds=${SEEDS:-1 2 3}
vocab=${VOCAB:-4096}
context=${CONTEXT:-64}
threads=${THREADS:-2}
read -r -a extra <<<"${EXTRA:-}"
[[ $context =~ ^[1-9][0-9]*$ ]] || die "CONTEXT must be a positive integer, got '$context'"
[[ $vocab =~ ^[1-9][0-9]*$ ]] || die "VOCAB must be a positive integer, got '$vocab'"
for seed in $seeds; do [[ $seed =~ ^[0-9]+$ ]] || die "SEEDS must hold integers, got '$seed'"; done
require_gradvec
require_corpus
make_work_dir

# The training split as lm train makes it: the first bytes - bytes / 10.
bytes=$(wc -c <"$corpus")
head -c $((bytes - bytes / 10)) "$corpus" >"$work/train.txt"
"$gradvec" bpe train --corpus "$work/train.txt" --vocab-size "$vocab" --output "$work/tok.bpe" \
  2>"$work/bpe.log" || die "bpe train failed: $(cat "$work/bpe.log")"
train_tokens=$("$gradvec" bpe encode --tokenizer "$work/tok.bpe" <"$work/train.txt" | wc -w)
train_chars=$(LC_ALL=C.UTF-8 wc -m <"$work/train.txt")
bpe_context=$("$python" -c "print(max(1, round($context * $train_tokens / $train_chars)))")

echo "$script: $(uptime)" >&2
for seed in $seeds; do
  for model in chars bpe; do
    options=(--context "$context")
    [[ $model == bpe ]] && options=(--tokenizer "$work/tok.bpe" --context "$bpe_context")
    echo "$script: training over $model, seed $seed" >&2
    "$gradvec" lm train --corpus "$corpus" "${options[@]}" --seed "$seed" --threads "$threads" \
      --output "$work/$model-$seed.lm" --quiet "${extra[@]}" >"$work/$model-$seed.train" 2>&1 ||
      die "lm train over $model failed: $(cat "$work/$model-$seed.train")"
  done
done
echo "$script: $(uptime)" >&2

echo "Machine: $(nproc) CPUs ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)); $threads threads; seeds: $seeds; load average at the start and end on stderr."
echo "Model: \`gradvec lm train\` defaults${EXTRA:+ with $EXTRA}. BPE: $vocab tokens learned from the training 90% ($train_chars characters, $train_tokens tokens: $("$python" -c "print(f'{$train_chars / $train_tokens:.3f}')") characters per token), so its context is $bpe_context tokens against $context characters."
echo
"$python" - "$work" "$seeds" "$context" "$bpe_context" "$vocab" <<'PY'
import re
import statistics
import sys

work, seeds, context, bpe_context, vocab = sys.argv[1], sys.argv[2].split(), *sys.argv[3:]


def found(path, pattern):
    match = re.search(pattern, open(path).read(), re.M)
    if not match:
        sys.exit(f"lm_tokens.sh: no '{pattern}' in {path}")
    return [float(g) for g in match.groups()]


def cell(values, digits=4):
    if len(values) == 1:
        return f"{values[0]:.{digits}f}"
    return f"{statistics.mean(values):.{digits}f} (sd {statistics.stdev(values):.{digits}f})"


print("| model | context | validation nats per token | validation nats per character | training seconds |")
print("|---|---|---|---|---|")
names = {"chars": ("characters", f"{context} characters"), "bpe": (f"BPE-{vocab}", f"{bpe_context} tokens")}
for model, (name, window) in names.items():
    losses = [found(f"{work}/{model}-{s}.train",
                    r"^validation loss ([0-9.]+) nats per token, ([0-9.]+) nats per character")
              for s in seeds]
    seconds = [found(f"{work}/{model}-{s}.train", r"^trained [0-9]+ steps in ([0-9.]+) s")[0]
               for s in seeds]
    print(f"| {name} | {window} | {cell([l[0] for l in losses])} | {cell([l[1] for l in losses])} "
          f"| {cell(seconds, 1)} |")
PY
