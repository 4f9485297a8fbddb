#!/usr/bin/env bash
# Continued training measured: TinyShakespeare cut in two halves, A and B, taking the plays in
# order, and `gradvec train --init` (A's checkpoint continued on B: free, with --freeze-known,
# and with --anchor-known) against training on A+B from scratch, against A alone, and against
# gensim's update path (Word2Vec on A, then build_vocab(B, update=True) and train on B). Prints
# Markdown: mean (sd) over the seeds.
#
#   bench/continue.sh             # 5 seeds, 5 epochs a run, ~3 min
#   bench/continue.sh --quick     # 1 seed, 2 epochs, < 30 s: the script works, not a result
#
# The cut: A is lines 1-20,333 (Coriolanus to Romeo and Juliet, 105,155 tokens), B the rest
# (3 Henry VI to the end, 98,708 tokens); B's players' names and much else are words A never has.
# Each model is scored on:
#   - analogy accuracy (bench/shakespeare_analogies.txt, `gradvec eval analogy`, 3CosAdd) over
#     all questions, a question with a word the model lacks counting as wrong, since a lost word
#     is a real cost of a path; over the questions gensim's update vocabulary covers (a word below
#     --min-count in each half, but not in A+B, is lost to it, so this isolates training from
#     vocabulary); over those with a word that A's model lacks, so only B can teach it; and over
#     the rest, whose words reach --min-count only in A+B (gensim loses them, `train --init`
#     counts them from A's checkpoint);
#   - drift: the mean Jaccard overlap of the top-10 neighbours of A's 1000 most frequent words in
#     the A model and in the model (bench/neighbour_overlap.py), next to that of A trained with
#     another seed: how far retraining alone moves them;
#   - B-only words (at --min-count in B, absent from A): the same overlap against the A+B model
#     from scratch, next to that of a second from-scratch model (another seed) against it, the
#     agreement "as good as from scratch" must reach. Neighbours rather than analogies because
#     no analogy question holds one of these words (they are mostly players' names).
# Every run: skip-gram, negative sampling, dim 100, window 5, negative 5, sample 1e-3,
# min-count 5, lr 0.025 on each run (the default of `train --init`, and gensim's train()
# restarting at alpha), 1 thread; gensim through corpus_file=. Quality, not speed, is measured:
# the BLAS is named, not required to be OpenBLAS.
#
# Environment: GRADVEC_BIN, PYTHON (needs gensim), SEEDS (default 1..5), EPOCHS (default 5),
# SECOND_LR and SECOND_EPOCHS (the second run's rate and epochs, gradvec's and gensim's alike;
# default: lr and EPOCHS, as a user who gives neither gets), ANCHOR (--anchor-known's lambda on
# the anchored run; default 1), REPLAY (fractions in (0, 1], e.g. "0.5 1": for each, a further
# continued run, free, on B with that share of A's lines replayed among B's, bench/replay_lines.py;
# default none), KEEP_WORK=1. Exit status 2 when something could not run.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
seeds_default="1 2 3 4 5" epochs=${EPOCHS:-5}
if [[ ${1:-} == --quick ]]; then
  seeds_default=1 epochs=${EPOCHS:-2}
  shift
fi
(($# == 0)) || die "unknown argument '$1' (usage: bench/continue.sh [--quick])"
read -r -a seeds <<<"${SEEDS:-$seeds_default}"
second_lr=${SECOND_LR:-$lr} second_epochs=${SECOND_EPOCHS:-$epochs} anchor=${ANCHOR:-1}
for count in "$epochs" "$second_epochs"; do
  [[ $count =~ ^[1-9][0-9]*$ ]] || die "EPOCHS and SECOND_EPOCHS must be positive integers, got '$count'"
done
[[ $second_lr =~ ^0?[.][0-9]+$ ]] || die "SECOND_LR must be a number in (0, 1), got '$second_lr'"
[[ $anchor =~ ^[0-9]*[.]?[0-9]+$ ]] || die "ANCHOR must be a number >= 0, got '$anchor'"
read -r -a replays <<<"${REPLAY:-}"
for share in "${replays[@]}"; do
  [[ $share =~ ^(0?[.][0-9]*[1-9][0-9]*|1)$ ]] || die "REPLAY's fractions must be in (0, 1], got '$share'"
done
questions=$repo/bench/shakespeare_analogies.txt
cut=20333 restrict=30000 second_seed=1000
corpus=$repo/data/tinyshakespeare.txt
require_gradvec
require_corpus
"$python" -c 'import gensim' 2>/dev/null || die "$python cannot import gensim: ./setup.sh --peers"
find_blas
export OPENBLAS_NUM_THREADS=1

make_work_dir
head -n $cut "$corpus" >"$work/A.raw"
tail -n +$((cut + 1)) "$corpus" >"$work/B.raw"
for half in A B; do
  "$python" "$repo/bench/tokenise_corpus.py" "$work/$half.raw" "$work/$half.txt" >/dev/null
done
cat "$work/A.txt" "$work/B.txt" >"$work/AB.txt"
for share in "${replays[@]}"; do
  "$python" "$repo/bench/replay_lines.py" "$work/A.txt" "$work/B.txt" "$share" "$work/B+A$share.txt"
done
split=$("$python" "$repo/bench/continue_split.py" "$work/A.txt" "$work/B.txt" "$questions" "$work" \
  --min-count $min_count)
echo "continue.sh: $split" >&2
# "second_only=N new_rows=R update_questions=U new_questions=Q carried_questions=C": the five
# numbers, in order.
read -r second_only new_rows update_questions new_questions carried_questions < <(
  tr -c '0-9\n' ' ' <<<"${split//_/}")
all_questions=$(grep -cv '^:' "$questions")

# run NAME COMMAND...: runs it quietly, its output kept in $work/NAME.log for the message.
run() {
  local name=$1
  shift
  "$@" >"$work/$name.log" 2>&1 || die "$name failed: $(tail -n 1 "$work/$name.log")"
}

# gradvec_train TOKENS OUT SEED EPOCHS LR [MORE...]: the common settings (common.sh) at this
# rate and these epochs.
gradvec_train() {
  local cmd
  tokens=$1
  mapfile -t cmd < <(lr=$5 && train_command gradvec 1 "$3" "$4" 1 "$2")
  run "$(basename "${2%.vec}")" "${cmd[@]}" "${@:6}"
}

# accuracy VEC QUESTIONS: the number of questions answered correctly.
accuracy() {
  local line
  line=$("$gradvec" eval analogy --vectors "$1" --questions "$2" --restrict $restrict --method add |
    tail -n 1) || die "gradvec eval analogy failed on $1"
  [[ $line =~ ^total:\ ([0-9]+)/ ]] || die "gradvec eval analogy printed '$line'"
  echo "${BASH_REMATCH[1]}"
}

results=$work/results.tsv
# record SEED MODEL METRIC VALUE
record() { printf '%s\t%s\t%s\t%s\n' "$@" >>"$results"; }

replayed=()
for share in "${replays[@]}"; do replayed+=("gradvec-replay$share"); done
kinds=(gradvec-AthenB gradvec-frozen gradvec-anchored "${replayed[@]}" gradvec-AB gradvec-A gensim-AthenB
  gensim-AB gensim-A)
for seed in "${seeds[@]}"; do
  echo "continue.sh: seed $seed" >&2
  m=$work/$seed
  second=("$second_epochs" "$second_lr" --init "$m-A.ckpt")
  gradvec_train "$work/A.txt" "$m-gradvec-A.vec" "$seed" "$epochs" $lr --checkpoint "$m-A.ckpt"
  gradvec_train "$work/B.txt" "$m-gradvec-AthenB.vec" "$seed" "${second[@]}"
  gradvec_train "$work/B.txt" "$m-gradvec-frozen.vec" "$seed" "${second[@]}" --freeze-known
  gradvec_train "$work/B.txt" "$m-gradvec-anchored.vec" "$seed" "${second[@]}" \
    --anchor-known "$anchor"
  for share in "${replays[@]}"; do
    gradvec_train "$work/B+A$share.txt" "$m-gradvec-replay$share.vec" "$seed" "${second[@]}"
  done
  gradvec_train "$work/AB.txt" "$m-gradvec-AB.vec" "$seed" "$epochs" $lr
  gradvec_train "$work/A.txt" "$m-gradvec-A2.vec" $((seed + second_seed)) "$epochs" $lr
  gradvec_train "$work/AB.txt" "$m-gradvec-AB2.vec" $((seed + second_seed)) "$epochs" $lr
  tokens=$work/A.txt
  mapfile -t cmd < <(train_command gensim 1 "$seed" "$epochs" 1 "$m-gensim-A.vec")
  run "$seed-gensim-AthenB" "${cmd[@]}" --then "$work/B.txt" --then-output "$m-gensim-AthenB.vec" \
    --then-lr "$second_lr" --then-epochs "$second_epochs"
  tokens=$work/AB.txt
  mapfile -t cmd < <(train_command gensim 1 "$seed" "$epochs" 1 "$m-gensim-AB.vec")
  run "$seed-gensim-AB" "${cmd[@]}"

  for kind in "${kinds[@]}"; do
    record "$seed" "$kind" all "$(accuracy "$m-$kind.vec" "$questions")"
    record "$seed" "$kind" update "$(accuracy "$m-$kind.vec" "$work/update.questions")"
    record "$seed" "$kind" new "$(accuracy "$m-$kind.vec" "$work/new.questions")"
    record "$seed" "$kind" carried "$(accuracy "$m-$kind.vec" "$work/carried.questions")"
  done
  # Drift: each model against its own tool's A alone; agreement: B-only words against the same
  # tool's A+B from scratch. The reference for both is another seed: A against A (A2), A+B
  # against A+B (AB2), recorded as "reference".
  drifting=(gradvec-AthenB gradvec-frozen gradvec-anchored "${replayed[@]}" gradvec-AB gensim-AthenB
    gensim-AB gradvec-A2)
  agreeing=(gradvec-AthenB gradvec-frozen gradvec-anchored "${replayed[@]}" gensim-AthenB gradvec-AB2)
  drift_pairs=() agreement_pairs=()
  for kind in "${drifting[@]}"; do drift_pairs+=("$m-${kind%%-*}-A.vec" "$m-$kind.vec"); done
  for kind in "${agreeing[@]}"; do agreement_pairs+=("$m-$kind.vec" "$m-${kind%%-*}-AB.vec"); done
  drifting[-1]=reference agreeing[-1]=reference
  mapfile -t drift < <("$python" "$repo/bench/neighbour_overlap.py" "$work/frequent.words" "${drift_pairs[@]}")
  mapfile -t agreement < <("$python" "$repo/bench/neighbour_overlap.py" "$work/second_only.words" \
    "${agreement_pairs[@]}")
  ((${#drift[@]} == ${#drifting[@]} && ${#agreement[@]} == ${#agreeing[@]})) ||
    die "neighbour_overlap.py failed (seed $seed)"
  for i in "${!drifting[@]}"; do record "$seed" "${drifting[i]}" drift "${drift[i]%% *}"; done
  for i in "${!agreeing[@]}"; do record "$seed" "${agreeing[i]}" agreement "${agreement[i]%% *}"; done
done

echo "Continued training on TinyShakespeare cut at line $cut: A $(wc -w <"$work/A.txt") tokens," \
  "B $(wc -w <"$work/B.txt"); $second_only words at min-count $min_count in B are absent from A," \
  "$new_rows words below min-count in A reach it in B (new rows in both tools; gradvec adds those that reach it only in A+B)."
echo "Skip-gram, negative sampling, dim $dim, window $window, negative $negative, sample $sample," \
  "min-count $min_count, 1 thread; on A and on A+B lr $lr and $epochs epochs, on B after A lr" \
  "$second_lr and $second_epochs epochs (anchored: --anchor-known $anchor); gensim through" \
  "corpus_file=, BLAS $blas. Mean (sd) over seeds ${seeds[*]}."
echo
awk -F'\t' -v all="$all_questions" -v anchor="$anchor" -v update="$update_questions" -v new="$new_questions" \
  -v carried="$carried_questions" -v replays="${replays[*]}" '
  BEGIN {
    total["all"] = all; total["update"] = update; total["new"] = new; total["carried"] = carried
    models = "gradvec-AthenB gradvec-frozen gradvec-anchored"
    shares = split(replays, share, " ")
    for (i = 1; i <= shares; i++) {
      models = models " gradvec-replay" share[i]
      name["gradvec-replay" share[i]] = "gradvec: A, then B with " 100 * share[i] "% of A'"'"'s lines replayed (`--init`)"
    }
    count = split(models " gradvec-AB gradvec-A gensim-AthenB gensim-AB gensim-A reference", order, " ")
    name["gradvec-AthenB"] = "gradvec: A, then B (`--init`)"
    name["gradvec-frozen"] = "gradvec: A, then B (`--init --freeze-known`)"
    name["gradvec-anchored"] = "gradvec: A, then B (`--init --anchor-known " anchor "`)"
    name["gradvec-AB"] = "gradvec: A+B from scratch"
    name["gradvec-A"] = "gradvec: A alone"
    name["gensim-AthenB"] = "gensim: A, then B (`build_vocab(update=True)`)"
    name["gensim-AB"] = "gensim: A+B from scratch"
    name["gensim-A"] = "gensim: A alone"
    name["reference"] = "gradvec, another seed (reference): A alone, A+B from scratch"
    split("all update new carried drift agreement", metrics, " ")
  }
  {
    value = $4
    if ($3 in total) value = 100 * value / total[$3]
    sum[$2, $3] += value; sumsq[$2, $3] += value * value; runs[$2, $3]++
  }
  function cell(model, metric,    n, mean, variance) {
    n = runs[model, metric]
    if (!n) return " |"
    mean = sum[model, metric] / n
    variance = n > 1 ? (sumsq[model, metric] - n * mean ^ 2) / (n - 1) : 0
    # Accuracies in percent, overlaps (0 to 1) with a digit more.
    return sprintf(metric in total ? " %.2f%% (%.2f) |" : " %.3f (%.3f) |", mean,
      variance > 0 ? sqrt(variance) : 0)
  }
  END {
    printf "| model | analogies, all %d questions | the %d gensim'"'"'s update vocabulary covers | the %d with a word new in B | the %d with a word under --min-count in each half | old words'"'"' neighbours kept (vs A alone) | B-only words'"'"' neighbours shared with A+B from scratch |\n", all, update, new, carried
    print "|---|---|---|---|---|---|---|"
    for (i = 1; i <= count; i++) {
      line = "| " name[order[i]] " |"
      for (j = 1; j <= 6; j++) line = line cell(order[i], metrics[j])
      print line
    }
  }' "$results"
