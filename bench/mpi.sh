#!/usr/bin/env bash
# Training across MPI ranks against one process: skip-gram with negative sampling at the plain
# defaults (common.sh), one epoch over TinyShakespeare repeated 20 times (or, with --zipf, the
# 100 M-token Zipf corpus scale.sh uses), as 1 process x 1 thread, 1 process x 2 threads and
# 2 ranks x 1 thread, REPS repetitions with the three alternating inside each one. Then analogy
# accuracy (bench/shakespeare_analogies.txt, scored as quality.sh scores it) of 1 process and of
# 2 ranks at one thread each over SEEDS seeds, at matched epochs (5) on TinyShakespeare. R ranks
# run at gradvec's default rate across ranks (no --lr given: R x the plain rate, 0.05 for 2), so
# the bench tests what a user gets.
# Prints Markdown tables on stdout: median and best words/s (the summary line's), speed against
# 1 x 1, rank 0's seconds in the sync rounds (its "s syncing"), and the bytes each rank sends per
# epoch (the rows a round averages, x the rounds an epoch, x 2 (R - 1)/R for a ring Allreduce);
# then the accuracy's mean and sample standard deviation over the seeds.
#
#   bench/mpi.sh
#   REPS=5 bench/mpi.sh --zipf
#
# Environment: GRADVEC_BIN (default build-mpi/gradvec, a build with -DGRADVEC_MPI=ON),
# GRADVEC_CORPUS (default data/tinyshakespeare.txt), REPS (default 3), SEEDS (default 5),
# SCALE_CORPUS (the Zipf corpus, made by zipf_corpus.py when missing and kept; default
# ${TMPDIR:-/tmp}/gradvec-zipf-100m.txt), PYTHON, KEEP_WORK=1. Exit status 2 when something could
# not run. mpirun runs as root and oversubscribed as CI runs it (tests/mpi/mpi_common.sh).
GRADVEC_BIN=${GRADVEC_BIN:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/build-mpi/gradvec}
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
reps=${REPS:-3}
seeds=${SEEDS:-5}
zipf=0
case ${1:-} in
  "") ;;
  --zipf) zipf=1 ;;
  *) die "unknown argument '$1' (known: --zipf)" ;;
esac
[[ $reps =~ ^[1-9][0-9]*$ ]] || die "REPS must be a positive integer, got '$reps'"
[[ $seeds =~ ^[1-9][0-9]*$ ]] || die "SEEDS must be a positive integer, got '$seeds'"
require_corpus
require_gradvec
command -v mpirun >/dev/null || die "mpirun not found: ./setup.sh --mpi"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl=self,vader OMPI_MCA_mpi_yield_when_idle=1
set_mode sg-ns
questions=$repo/bench/shakespeare_analogies.txt

make_work_dir
if ((zipf)); then
  tokens=${SCALE_CORPUS:-${TMPDIR:-/tmp}/gradvec-zipf-100m.txt}
  if [[ ! -f $tokens ]]; then
    echo "$script: writing $tokens (100 M tokens; a few minutes, once)" >&2
    "$python" "$repo/bench/zipf_corpus.py" --output "$tokens" --tokens 100000000 >&2
  fi
  speed_corpus="the 100 M-token Zipf corpus"
else
  tokenise 20
  speed_corpus="TinyShakespeare x20"
fi

# run RANKS THREADS SEED EPOCHS OUT_VEC LOG: trains on $tokens, one process when RANKS is 0. R
# ranks take gradvec's default rate across ranks: the common --lr is left out.
run() {
  local ranks=$1 threads=$2 seed=$3 epochs=$4 out=$5 log=$6 i
  local -a cmd
  mapfile -t cmd < <(train_command gradvec "$threads" "$seed" "$epochs" 1 "$out")
  if ((ranks > 0)); then
    for i in "${!cmd[@]}"; do
      if [[ ${cmd[i]:-} == --lr ]]; then unset 'cmd[i]' 'cmd[i+1]'; fi
    done
  fi
  if ((ranks == 0)); then "${cmd[@]}"; else mpirun --oversubscribe -np "$ranks" "${cmd[@]}"; fi \
    >"$log" 2>&1 || { tail -n 5 "$log" >&2; die "${cmd[*]} failed (log above)"; }
}

# ranks threads rep words/s sync-s bytes-per-epoch
results=$work/speed.tsv
configs=("0 1" "0 2" "2 1")
for rep in $(seq "$reps"); do
  for config in "${configs[@]}"; do
    read -r ranks threads <<<"$config"
    log=$work/speed-$ranks-$threads-$rep.log
    run "$ranks" "$threads" 1 1 "$work/speed.vec" "$log"
    words_per_s=$(sed -n 's/.* | \([0-9]*\) words\/s .*/\1/p' "$log")
    [[ -n $words_per_s ]] || die "no words/s in $log"
    sync_s=- bytes=-
    if ((ranks > 0)); then
      # "synced R ranks in N rounds (E an epoch), averaging M MB of rows a round, S s syncing"
      read -r per_epoch mb sync_s < <(sed -n \
        's/^synced .* (\([0-9]*\) an epoch), averaging \([0-9.]*\) MB .*, \([0-9.]*\) s syncing$/\1 \2 \3/p' "$log")
      [[ -n ${sync_s:-} ]] || die "no sync summary in $log"
      bytes=$(awk -v e="$per_epoch" -v mb="$mb" -v r="$ranks" 'BEGIN { printf "%.1f", e * mb * 2 * (r - 1) / r }')
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$ranks" "$threads" "$rep" "$words_per_s" "$sync_s" "$bytes" >>"$results"
    echo "$script: rep $rep/$reps: ranks $ranks, threads $threads: $words_per_s words/s" >&2
  done
done

echo "### Speed: one epoch of $speed_corpus ($(describe_mode), dim $dim), $reps repetitions"
echo
echo "| processes x threads | median words/s | best words/s | median vs 1 x 1 | best vs 1 x 1 | sync s (median) | MB sent per rank per epoch |"
echo "|---|---|---|---|---|---|---|"
"$python" - "$results" <<'PY'
import statistics, sys
rows = [line.rstrip("\n").split("\t") for line in open(sys.argv[1])]
runs = {}
for ranks, threads, _, words_per_s, sync_s, mb in rows:
    runs.setdefault((int(ranks), int(threads)), []).append((float(words_per_s), sync_s, mb))
base = runs[(0, 1)]
base_median = statistics.median(r[0] for r in base)
base_best = max(r[0] for r in base)
for (ranks, threads), got in sorted(runs.items()):
    speeds = [r[0] for r in got]
    name = f"1 process x {threads}" if ranks == 0 else f"{ranks} ranks x {threads}"
    sync = "-" if ranks == 0 else f"{statistics.median(float(r[1]) for r in got):.2f}"
    print(f"| {name} | {statistics.median(speeds):,.0f} | {max(speeds):,.0f} "
          f"| {statistics.median(speeds) / base_median:.2f}x | {max(speeds) / base_best:.2f}x "
          f"| {sync} | {got[0][2]} |")
PY

# Quality at matched epochs: the same 5 epochs on TinyShakespeare, one thread per process.
tokenise 1
accuracy() {
  local line
  line=$("$gradvec" eval analogy --vectors "$1" --questions "$questions" --restrict 30000 \
    --method add | tail -n 1) || die "gradvec eval analogy failed on $1"
  [[ $line =~ \(([0-9.]+)%\) ]] || die "gradvec eval analogy printed '$line'"
  echo "${BASH_REMATCH[1]}"
}
quality=$work/quality.tsv
for seed in $(seq "$seeds"); do
  for ranks in 0 2; do
    run "$ranks" 1 "$seed" 5 "$work/q.vec" "$work/q-$ranks-$seed.log"
    printf '%s\t%s\n' "$ranks" "$(accuracy "$work/q.vec")" >>"$quality"
  done
  echo "$script: quality seed $seed/$seeds done" >&2
done
echo
echo "### Analogy accuracy: TinyShakespeare, 5 epochs, 1 thread per process, $seeds seeds"
echo
echo "| processes | mean % | sd | per seed |"
echo "|---|---|---|---|"
awk -F'\t' -v lr="$lr" '{ n[$1]++; s[$1] += $2; q[$1] += $2 * $2; all[$1] = all[$1] " " $2 }
  END { for (r = 0; r <= 2; r += 2) {
    sd = n[r] > 1 ? sqrt((q[r] - s[r] * s[r] / n[r]) / (n[r] - 1)) : 0
    printf "| %s | %.2f | %.2f |%s |\n", r == 0 ? "1 process, --lr " lr : r " ranks, default lr (" lr * r ")",
      s[r] / n[r], sd, all[r] } }' "$quality"
