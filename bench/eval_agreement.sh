#!/usr/bin/env bash
# Does `gradvec eval analogy` count exactly what gensim counts? Runs both on one vectors file
# and one questions file, for several --restrict values and both methods, and compares every
# line of the two reports (per section: correct/seen; total: correct/seen/all questions).
#
#   bench/eval_agreement.sh                      # synthetic data (made in a temp dir)
#   bench/eval_agreement.sh VECTORS QUESTIONS    # your own word2vec-text file and questions
#
# The synthetic set (bench/gensim_eval.py synth): 3,000 words x 50 dims with planted
# analogies plus noise, words in two spellings (a later "Word" twin, or an earlier "WORD"
# twin, of a planted word), OOV and mixed-case words in the questions, and planted words
# spread over the whole file so that --restrict cuts some questions out.
#
# Environment: GRADVEC_BIN (default build/gradvec), PYTHON (default /usr/bin/python3, needs
# gensim), RESTRICTS (default "1000 2500 30000"), METHODS (default "add mul").
# Exit status: 0 all reports identical, 1 some differ (diff printed), 2 could not run.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
check="$repo/bench/gensim_eval.py"
restricts=${RESTRICTS:-1000 2500 30000}
methods=${METHODS:-add mul}

require_gradvec
"$python" -c "import gensim" 2>/dev/null || die "$python cannot import gensim: ./setup.sh --peers"
require_openblas
echo "eval_agreement: gensim on $blas, OPENBLAS_NUM_THREADS=$OPENBLAS_NUM_THREADS" >&2

make_work_dir
if (($# == 2)); then
  vectors=$1 questions=$2
elif (($# == 0)); then
  vectors=$work/synthetic.txt questions=$work/questions.txt
  "$python" "$check" synth "$vectors" "$questions" || die "could not make the synthetic data"
else
  die "usage: $0 [VECTORS QUESTIONS]"
fi

status=0
for restrict in $restricts; do
  for method in $methods; do
    "$python" "$check" check "$vectors" "$questions" --restrict "$restrict" --method "$method" \
      >"$work/gensim.txt" || die "gensim check failed"
    start=$EPOCHREALTIME
    "$gradvec" eval analogy --vectors "$vectors" --questions "$questions" \
      --restrict "$restrict" --method "$method" >"$work/gradvec.txt" || die "gradvec failed"
    seconds=$(awk -v start="$start" -v end="$EPOCHREALTIME" 'BEGIN { print end - start }')
    if diff "$work/gensim.txt" "$work/gradvec.txt" >"$work/diff.txt"; then
      printf 'same    restrict %-6s %s  %s  (gradvec %.2f s)\n' "$restrict" "$method" \
        "$(tail -n 1 "$work/gradvec.txt")" "$seconds"
    else
      printf 'DIFFER  restrict %-6s %s  (< gensim, > gradvec)\n' "$restrict" "$method"
      cat "$work/diff.txt"
      status=1
    fi
  done
done
exit $status
