#!/usr/bin/env bash
# Training at scale, gradvec against gensim: one epoch of skip-gram with negative sampling over a
# synthetic Zipfian corpus (bench/zipf_corpus.py: 100 M tokens over 5 M types by default, about
# 3.47 M distinct words, 756 k of them at --min-count 5), at 1 and 2 threads, REPS repetitions with
# the tools alternating. gensim runs through corpus_file= on OpenBLAS with one BLAS thread per
# worker. Prints a Markdown table on stdout: wall time, words/s, peak RSS against the two tables'
# size, and the time to the first training step.
#
#   bench/scale.sh
#   SCALE_CORPUS=/big/disk/zipf.txt REPS=3 bench/scale.sh
#
# Environment: GRADVEC_BIN (default build/gradvec), SCALE_CORPUS (the corpus file; made by
# zipf_corpus.py when missing, and kept, since it takes minutes and 0.6 GB; default
# ${TMPDIR:-/tmp}/gradvec-zipf-100m.txt), SCALE_TOKENS (default 100000000), REPS (default 1),
# THREADS (default "1 2"), TOOLS (default "gradvec gensim"; gradvec@ISA forces a variant of its
# kernels, as in compare.sh), PYTHON (default /usr/bin/python3).
#
# words/s = corpus tokens / training seconds as each tool reports them (gradvec's "trained ... in
# T s", gensim's train() call), so reading and counting the corpus are left out of it; they are
# in the time to the first step: gradvec's "ready in" (counting, vocabulary and table set-up),
# gensim's build_vocab(). Tables: W_in and W_out, 2 x V x dim floats for V kept words.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
reps=${REPS:-1}
scale_tokens=${SCALE_TOKENS:-100000000}
tokens=${SCALE_CORPUS:-${TMPDIR:-/tmp}/gradvec-zipf-$((scale_tokens / 1000000))m.txt}
read -r -a thread_counts <<<"${THREADS:-1 2}"
read -r -a tools <<<"${TOOLS:-gradvec gensim}"
epochs=1

[[ $reps =~ ^[1-9][0-9]*$ ]] || die "REPS must be a positive integer, got '$reps'"
[[ $scale_tokens =~ ^[1-9][0-9]*$ ]] || die "SCALE_TOKENS must be a positive integer, got '$scale_tokens'"
[[ -x /usr/bin/time ]] || die "/usr/bin/time not found (GNU time measures peak RSS): ./setup.sh --peers"
for tool in "${tools[@]}"; do
  case $tool in
    gradvec | gradvec@*) require_known_tools "$tool" && require_gradvec ;;
    gensim)
      "$python" -c 'import gensim' 2>/dev/null || die "$python cannot import gensim: ./setup.sh --peers"
      require_openblas ;;
    *) die "unknown tool '$tool' in TOOLS (known: gradvec gradvec@baseline gradvec@avx2 gradvec@avx512 gensim)" ;;
  esac
done
set_mode sg-ns

if [[ ! -f $tokens ]]; then
  echo "$script: writing $tokens ($scale_tokens tokens; a few minutes, once)" >&2
  "$python" "$repo/bench/zipf_corpus.py" --output "$tokens" --tokens "$scale_tokens" >&2
fi
make_work_dir
# tool, threads, rep, wall s, peak RSS KiB, train s, first-step s, kept words
results=$work/results.tsv

run_timed() {
  local tool=$1 threads=$2 rep=$3 wall rss_kib train first vocab
  local log=$work/$tool-$threads-$rep.log
  local -a cmd
  mapfile -t cmd < <(train_command "$tool" "$threads" 1 $epochs 1 "$work/$tool-$threads.vec")
  /usr/bin/time -f '%e %M' -o "$work/time.txt" "${cmd[@]}" >"$log" 2>&1 || {
    tail -n 5 "$log" >&2
    die "$tool with $threads threads failed in repetition $rep (log above)"
  }
  read -r wall rss_kib <"$work/time.txt"
  case $tool in
    gradvec*)
      # "vocabulary V words, ready in R s | trained W words in T s | ..."
      vocab=$(sed -n 's/^vocabulary \([0-9]*\) words.*/\1/p' "$log")
      first=$(sed -n 's/.* ready in \([0-9.]*\) s .*/\1/p' "$log")
      train=$(sed -n 's/.* words in \([0-9.]*\) s .*/\1/p' "$log") ;;
    gensim)
      first=$(sed -n 's/.*vocab_seconds=\([0-9.]*\).*/\1/p' "$log")
      train=$(sed -n 's/.*train_seconds=\([0-9.]*\).*/\1/p' "$log")
      vocab=$(($(wc -l <"$work/$tool-$threads.vec") - 1)) ;;
  esac
  [[ -n $vocab && -n $first && -n $train ]] || die "could not read $tool's figures from $log"
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$tool" "$threads" "$rep" "$wall" "$rss_kib" \
    "$train" "$first" "$vocab" >>"$results"
  echo "$script: rep $rep/$reps: $tool, threads=$threads: $wall s, $((rss_kib / 1024)) MB" >&2
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for ((rep = 1; rep <= reps; rep++)); do
  for threads in "${thread_counts[@]}"; do
    for tool in "${tools[@]}"; do run_timed "$tool" "$threads" "$rep"; done
  done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
echo "Machine: $(nproc) CPUs ($cpu), load average before $load_before, after $load_after."
echo "Corpus: $tokens, $scale_tokens tokens; skip-gram, negative $negative, dim $dim, window $window, min-count $min_count, 1 epoch; median of $reps run(s)."
echo
awk -F'\t' -v tokens="$scale_tokens" -v dim="$dim" '
  function median(list, n,    a, i, j, t) {
    n = split(list, a, " ")
    for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  {
    key = $1 "\t" $2
    if (!(key in wall)) order[++keys] = key
    wall[key] = wall[key] " " $4; rss[key] = rss[key] " " $5; train[key] = train[key] " " $6
    first[key] = first[key] " " $7; vocab[key] = $8
  }
  END {
    print "| tool | threads | wall s | words/s | first step s | peak RSS MB | tables MB | RSS / tables |"
    print "|---|---|---|---|---|---|---|---|"
    for (k = 1; k <= keys; k++) {
      split(order[k], f, "\t")
      tables = 2 * vocab[order[k]] * dim * 4 / 1048576
      m_rss = median(rss[order[k]]) / 1024
      m_train = median(train[order[k]])
      wps[order[k]] = tokens / m_train
      firsts[order[k]] = median(first[order[k]])
      printf "| %s | %s | %.1f | %.0f | %.1f | %.0f | %.0f | %.2f |\n", f[1], f[2],
        median(wall[order[k]]), wps[order[k]], firsts[order[k]], m_rss, tables, m_rss / tables
    }
    print ""
    print "| gradvec | threads | words/s gradvec / gensim | first step gensim / gradvec |"
    print "|---|---|---|---|"
    for (k = 1; k <= keys; k++) {
      split(order[k], f, "\t")
      if (f[1] !~ /^gradvec(@|$)/ || !(("gensim\t" f[2]) in wps)) continue
      other = "gensim\t" f[2]
      printf "| %s | %s | %.2f | %.2f |\n", f[1], f[2], wps[order[k]] / wps[other], firsts[other] / firsts[order[k]]
    }
  }' "$results"
