#!/usr/bin/env bash
# Training speed of gradvec against gensim, fastText and word2vec.c: one epoch over TinyShakespeare repeated
# 20 times (~4.1M tokens, tokenised once and shared) in each of MODES (default skip-gram with
# negative sampling), each tool in the same mode with 1 and 2 threads, REPS repetitions with the
# tools alternating inside each one.
# gensim runs through corpus_file= (its fastest path at every thread count) and, as a second
# row, through a LineSentence iterator (gensim-lines); both on OpenBLAS with one BLAS thread per
# worker (the script refuses Debian's reference BLAS). Prints a Markdown table (median and best
# wall time, words/s, peak RSS, speed ratios from both) on stdout. Both, because this kind of
# host is shared: other tenants' load comes and goes within one repetition, and the best (least)
# wall time is each configuration's least disturbed run, the median its typical one.
#
# The control: Hogwild threads share cache lines, and how much that costs depends on how the
# host places the two vCPUs. So each repetition also runs two independent 1-thread gradvec
# processes at once (nothing shared but the machine); their speed against one process alone is
# the most two workers can gain on this host at that moment, printed beside the 2-thread figure.
#
#   bench/compare.sh
#   REPS=5 TOOLS="gensim fasttext" bench/compare.sh
#   MODES="sg-ns sg-hs cbow-ns cbow-hs" TOOLS="gradvec gensim" bench/compare.sh
#   TOOLS="gradvec@avx2 gensim@avx2 word2vec.c@avx2" THREADS=1 bench/compare.sh   (as on AVX2)
#
# Environment: GRADVEC_BIN (default build/gradvec), GRADVEC_CORPUS (default
# data/tinyshakespeare.txt), REPS (default 3), REPEAT (corpus copies, default 20), THREADS
# (default "1 2"), TOOLS (default "gradvec gensim gensim-lines fasttext"; also word2vec.c, built
# from npm's word2vec package with its own makefile's flags, and TOOL@ISA for all but fasttext, the
# tool held to one instruction set as common.sh's require_known_tools says), MODES (default
# sg-ns; any of sg-ns sg-hs cbow-ns cbow-hs, see common.sh's set_mode), PYTHON (default
# /usr/bin/python3),
# KEEP_WORK=1 keeps the corpus, vectors and logs. Exit status 2 when something could not run.
#
# Wall time is the whole process, as a user waits for it: reading the corpus, building the
# vocabulary, training and writing the vectors. gensim's own train-only time is reported too.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
reps=${REPS:-3}
repeat=${REPEAT:-20}
read -r -a thread_counts <<<"${THREADS:-1 2}"
read -r -a tools <<<"${TOOLS:-gradvec gensim gensim-lines fasttext}"
read -r -a modes <<<"${MODES:-sg-ns}"
epochs=1

[[ $reps =~ ^[1-9][0-9]*$ ]] || die "REPS must be a positive integer, got '$reps'"
[[ -x /usr/bin/time ]] || die "/usr/bin/time not found (GNU time measures peak RSS): ./setup.sh --peers"
require_corpus
require_known_tools "${tools[@]}"
require_known_modes "${modes[@]}"
blas="not used"
for tool in "${tools[@]}"; do
  case $tool in
    gradvec*) require_gradvec ;;
    gensim*)
      "$python" -c 'import gensim' 2>/dev/null || die "$python cannot import gensim: ./setup.sh --peers"
      require_openblas ;;
    fasttext) command -v fasttext >/dev/null || die "fasttext not installed: ./setup.sh --peers, or leave it out of TOOLS" ;;
  esac
done

make_work_dir
tokenise "$repeat"
for tool in "${tools[@]}"; do
  case $tool in
    word2vec.c) build_word2vec_c ;;
    word2vec.c@*) build_word2vec_c "${tool#*@}" ;;
  esac
done

# tool, threads, rep, wall seconds, peak RSS KiB, train-only seconds, mode
results=$work/results.tsv

# run_timed TOOL THREADS REP: one timed run in the current mode, appended to $results. With PAIR
# set, the same command runs twice at once and the slower wall time is recorded under the tool
# name "PAIR".
run_timed() {
  local tool=$1 threads=$2 rep=$3 wall wall2 rss_kib train_only name=$1
  local log=$work/$mode-$tool-$threads-$rep.log
  local -a cmd cmd2
  # Seed 1 for all, each tool's own default initial range; neither changes the speed.
  mapfile -t cmd < <(train_command "$tool" "$threads" 1 $epochs 1 "$work/$tool-$threads.vec")
  if [[ -n ${PAIR:-} ]]; then
    name=$PAIR
    mapfile -t cmd2 < <(train_command "$tool" "$threads" 1 $epochs 1 "$work/$tool-$threads-b.vec")
    /usr/bin/time -f '%e %M' -o "$work/time2.txt" "${cmd2[@]}" >"$log.b" 2>&1 &
  fi
  /usr/bin/time -f '%e %M' -o "$work/time.txt" "${cmd[@]}" >"$log" 2>&1 || {
    tail -n 5 "$log" >&2
    die "$tool with $threads threads failed in repetition $rep (log above)"
  }
  read -r wall rss_kib <"$work/time.txt"
  if [[ -n ${PAIR:-} ]]; then
    wait $! || die "the second $tool of the two-process control failed in repetition $rep"
    read -r wall2 _ <"$work/time2.txt"
    wall=$(awk -v a="$wall" -v b="$wall2" 'BEGIN { print (a > b ? a : b) }')
  fi
  train_only=$(sed -n 's/.*train_seconds=\([0-9.]*\).*/\1/p' "$log")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$threads" "$rep" "$wall" "$rss_kib" \
    "${train_only:--}" "$mode" >>"$results"
  echo "compare.sh: rep $rep/$reps: $mode $name, threads=$threads: $wall s, $((rss_kib / 1024)) MB" >&2
}
control=0  # the two-process control needs gradvec at 1 and 2 threads
[[ " ${tools[*]} " == *" gradvec "* && " ${thread_counts[*]} " == *" 1 "* &&
  " ${thread_counts[*]} " == *" 2 "* ]] && control=1
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
if awk '{ exit !($1 >= 0.5) }' /proc/loadavg; then
  echo "compare.sh: warning: load average ${load_before%% *} before starting; other work on this machine will skew the timings" >&2
fi
for ((rep = 1; rep <= reps; rep++)); do
  for mode in "${modes[@]}"; do
    set_mode "$mode"
    for threads in "${thread_counts[@]}"; do
      for tool in "${tools[@]}"; do
        run_timed "$tool" "$threads" "$rep"
      done
      # Right after the 2-thread runs, so the host's placement is the one they met.
      ((control)) && [[ $threads == 2 ]] && PAIR="gradvec x2 processes" run_timed gradvec 1 "$rep"
    done
  done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
memory=$(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)
versions=()
for tool in "${tools[@]}"; do
  case $tool in
    gradvec) versions+=("$("$gradvec" --version | tr '\n' ' ')") ;;
    *@*) ;;
    word2vec.c) versions+=("word2vec.c from npm's word2vec $(sed -n 's/.*"version": "\(.*\)".*/\1/p' "$work/package/package.json"), gcc $(gcc -dumpfullversion) -O3 -march=native") ;;
    gensim-lines) ;;
    gensim) versions+=("gensim $("$python" -c 'import gensim; print(gensim.__version__)') (Python $("$python" -c 'import platform; print(platform.python_version())'))") ;;
    fasttext) versions+=("fastText $(dpkg-query -W -f='${Version}' fasttext 2>/dev/null || echo unknown)") ;;
  esac
done

echo "Machine: $(nproc) CPUs ($cpu), $memory RAM; load average before $load_before, after $load_after."
echo "BLAS behind libblas.so.3 (gensim): $blas; OPENBLAS_NUM_THREADS=${OPENBLAS_NUM_THREADS:-unset}."
version_list=$(printf '%s, ' "${versions[@]}")
echo "Versions: ${version_list%, }."
echo "Corpus: $(basename "$corpus") x$repeat, $token_count tokens. dim $dim, window $window," \
  "sample $sample, min-count $min_count, $epochs epoch; $reps runs, their median and their best" \
  "(least) wall time; words/s = corpus tokens / median wall time. Modes:"
for mode in "${modes[@]}"; do
  set_mode "$mode"
  echo "- $mode: $(describe_mode), lr $lr."
done
echo
awk -F'\t' -v tokens="$token_count" '
  function median(list,    values, n, i, j, t) {
    n = split(list, values, " ")
    for (i = 2; i <= n; i++)  # insertion sort: n is the repetition count
      for (j = i; j > 1 && values[j - 1] + 0 > values[j] + 0; j--) {
        t = values[j]; values[j] = values[j - 1]; values[j - 1] = t
      }
    return n % 2 ? values[(n + 1) / 2] : (values[n / 2] + values[n / 2 + 1]) / 2
  }
  function least(list,    values, n, i, low) {
    n = split(list, values, " ")
    low = values[1] + 0
    for (i = 2; i <= n; i++) if (values[i] + 0 < low) low = values[i] + 0
    return low
  }
  {
    key = $7 SUBSEP $1 SUBSEP $2
    if (!(key in walls)) order[++n] = key
    if (!($2 in thread_seen)) { thread_seen[$2] = 1; thread_order[++m] = $2 }
    if (!($7 in mode_seen)) { mode_seen[$7] = 1; mode_order[++modes] = $7 }
    if (!($1 in tool_seen)) { tool_seen[$1] = 1; tool_order[++tools] = $1 }
    walls[key] = walls[key] " " $4
    if ($5 > rss[key]) rss[key] = $5
    if ($6 != "-") train[key] = train[key] " " $6
  }
  END {
    print "| mode | tool | threads | median wall s | best wall s | words/s | peak RSS MB | train-only s |"
    print "|---|---|---|---|---|---|---|---|"
    for (i = 1; i <= n; i++) {
      split(order[i], part, SUBSEP)
      wall[order[i]] = median(walls[order[i]])
      speed[order[i]] = tokens / wall[order[i]]
      best_speed[order[i]] = tokens / least(walls[order[i]])
      printf "| %s | %s | %d | %.2f | %.2f | %.0f | %.0f | %s |\n", part[1], part[2], part[3],
        wall[order[i]], least(walls[order[i]]), speed[order[i]], rss[order[i]] / 1024,
        order[i] in train ? sprintf("%.2f", median(train[order[i]])) : "—"
    }
    print ""
    rows = ""
    for (k = 1; k <= modes; k++) {
      mode = mode_order[k]
      for (g = 1; g <= tools; g++) {  # gradvec and each variant forced, against every peer
        a = tool_order[g]
        if (a !~ /^gradvec(@|$)/) continue
        isa = a ~ /@/ ? substr(a, index(a, "@")) : ""  # a forced gradvec meets peers held alike
        rows = rows ratio_row(mode, a, "gensim" isa, a " ÷ gensim" isa " (corpus_file)") \
                    ratio_row(mode, a, "gensim-lines" isa, a " ÷ gensim-lines" isa " (LineSentence)") \
                    ratio_row(mode, a, "fasttext", a " ÷ fastText") \
                    ratio_row(mode, a, "word2vec.c" isa, a " ÷ word2vec.c" isa)
        if (isa != "")
          rows = rows ratio_row(mode, a, "gensim", a " ÷ gensim (corpus_file)") \
                      ratio_row(mode, a, "word2vec.c", a " ÷ word2vec.c")
      }
    }
    if (rows != "") {
      header = "| mode | words/s ratio |"; rule = "|---|---|"
      for (j = 1; j <= m; j++) {
        t = thread_order[j] " thread" (thread_order[j] == 1 ? "" : "s")
        header = header " " t ", median | " t ", best |"
        rule = rule "---|---|"
      }
      printf "%s\n%s\n%s\n", header, rule, rows
    }
    for (i = 1; i <= n; i++) {  # scaling of every tool in every mode
      split(order[i], part, SUBSEP)
      one = part[1] SUBSEP part[2] SUBSEP 1
      if (part[3] == 2 && one in speed)
        printf "%s %s 2-thread ÷ 1-thread speed: %.2f× (medians), %.2f× (bests)\n", part[1], part[2],
          speed[order[i]] / speed[one], best_speed[order[i]] / best_speed[one]
    }
    for (k = 1; k <= modes; k++) {
      pair = mode_order[k] SUBSEP "gradvec x2 processes" SUBSEP 1
      alone = mode_order[k] SUBSEP "gradvec" SUBSEP 1
      if (pair in speed && alone in speed)
        printf "control (%s): two independent 1-thread gradvec processes at once take %.2f s (one alone: %.2f s), so this host gives two workers at most %.2f× the speed of one (medians; %.2f× from the bests)\n",
          mode_order[k], wall[pair], wall[alone], 2 * speed[pair] / speed[alone],
          2 * best_speed[pair] / best_speed[alone]
    }
  }
  # One Markdown row of the speed ratio a ÷ b in `mode`, per thread count from the medians and
  # from the bests, or "" when the tools never met.
  function ratio_row(mode, a, b, label,    row, j, t, found) {
    row = "| " mode " | " label " |"
    for (j = 1; j <= m; j++) {
      t = thread_order[j]
      if ((mode SUBSEP a SUBSEP t) in speed && (mode SUBSEP b SUBSEP t) in speed) {
        row = row sprintf(" %.2f× | %.2f× |", speed[mode SUBSEP a SUBSEP t] / speed[mode SUBSEP b SUBSEP t],
                          best_speed[mode SUBSEP a SUBSEP t] / best_speed[mode SUBSEP b SUBSEP t])
        found = 1
      } else row = row " — | — |"
    }
    return found ? row "\n" : ""
  }' "$results"
