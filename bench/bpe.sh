#!/usr/bin/env bash
# gradvec's byte-level BPE against SentencePiece 0.1.97 (Debian `sentencepiece`: spm_train and
# spm_encode), both at a vocabulary of 4,096 tokens, on TinyShakespeare and on the 100 M-token
# Zipf corpus of bench/scale.sh. Each corpus is cut by lines: both tools train on the first 90%
# and are measured on the last 10%. Prints Markdown tables on stdout, progress on stderr.
#
#   bench/bpe.sh
#   CORPORA=shakespeare REPS=5 bench/bpe.sh
#   ZIPF_TRAIN_LINES=200000 bench/bpe.sh  # both tools train on the Zipf corpus's first 200 k lines
#
# SentencePiece's settings, each to match what gradvec does (docs/training.md, "BPE tokens"):
#   --model_type=bpe --vocab_size=4096 --byte_fallback=true  the issue's anchor: 4,096 tokens in
#       all, every byte representable, as gradvec's 256 byte tokens make every byte string;
#   --character_coverage=1.0  every character seen gets a token, none is left to byte fallback
#       by rarity (gradvec keeps all 256 bytes);
#   --normalization_rule_name=identity --remove_extra_whitespaces=false  no NFKC and no
#       whitespace folding: gradvec encodes bytes as they are, so both tokenize the same text;
#   --split_digits=false  digits stay in runs, as in GPT-2's \p{N}+ rule that gradvec follows;
#   --input_sentence_size=0  train on every line, not a sample, as gradvec does;
#   --max_sentence_length=1048576  no training line is dropped for its length (the default 4192
#       bytes would drop longer ones; neither corpus has any, so this changes nothing here);
#   --num_threads=N  SentencePiece trains on N threads; gradvec on one. Both 1 and 2 are run.
# add_dummy_prefix stays at its default (true): it is SentencePiece's own whitespace rule.
#
# Training: whole-process wall time and peak RSS (GNU time) of `gradvec bpe train` and spm_train,
# the tools alternating within each of REPS rounds. Encoding, at one thread (spm_encode has no
# threads option and encodes on one): `gradvec bpe encode` and `spm_encode --output_format=id`
# on the held-out 10%, alternating, and each also on an empty input, whose time (start-up and
# loading the model) is subtracted to give MB/s of encoding proper; MB = 10^6 bytes. Best and
# median of the REPS runs.
#
# Tokens per 1,000 characters of the held-out text (characters: UTF-8 code points, line ends left
# out), each tool's tokens counted from its own encode output. spm_encode reads line by line and
# never sees a line's \n; gradvec encodes the \n with its line, as token 10 whenever it stands
# alone, so a line's last id is not counted when it is 10: both count the tokens of the same
# text, every line without its end.
#
# Environment: GRADVEC_BIN (default build/gradvec), CORPORA (default "shakespeare zipf"), REPS
# (default 3), SPM_THREADS (default "1 2"), SCALE_CORPUS and SCALE_TOKENS (the Zipf corpus, as in
# scale.sh: made by zipf_corpus.py when missing, and kept), ZIPF_TRAIN_LINES (both tools train on
# only the first N lines of the Zipf corpus's 90%, and are still measured on its whole last 10%;
# default all), KEEP_WORK=1 to keep the work directory.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
reps=${REPS:-3}
vocab_size=4096
read -r -a corpora <<<"${CORPORA:-shakespeare zipf}"
read -r -a spm_threads <<<"${SPM_THREADS:-1 2}"
scale_tokens=${SCALE_TOKENS:-100000000}
zipf_corpus=${SCALE_CORPUS:-${TMPDIR:-/tmp}/gradvec-zipf-$((scale_tokens / 1000000))m.txt}
zipf_train_lines=${ZIPF_TRAIN_LINES:-}

[[ $reps =~ ^[1-9][0-9]*$ ]] || die "REPS must be a positive integer, got '$reps'"
[[ $scale_tokens =~ ^[1-9][0-9]*$ ]] || die "SCALE_TOKENS must be a positive integer, got '$scale_tokens'"
[[ -z $zipf_train_lines || $zipf_train_lines =~ ^[1-9][0-9]*$ ]] ||
  die "ZIPF_TRAIN_LINES must be a positive integer, got '$zipf_train_lines'"
for threads in "${spm_threads[@]}"; do
  [[ $threads =~ ^[1-9][0-9]*$ ]] || die "SPM_THREADS must hold positive integers, got '$threads'"
done
for name in "${corpora[@]}"; do
  [[ $name =~ ^(shakespeare|zipf)$ ]] || die "unknown corpus '$name' in CORPORA (known: shakespeare zipf)"
done
require_gradvec
require_corpus
[[ -x /usr/bin/time ]] || die "/usr/bin/time not found (GNU time measures peak RSS): apt-get install time"
for tool in spm_train spm_encode; do
  command -v "$tool" >/dev/null || die "$tool not found: ./setup.sh --peers installs it"
done
spm_version=$(dpkg-query -W -f '${Version}' sentencepiece 2>/dev/null || echo unknown)
make_work_dir

spm_settings=(--model_type=bpe "--vocab_size=$vocab_size" --byte_fallback=true
  --character_coverage=1.0 --normalization_rule_name=identity --remove_extra_whitespaces=false
  --split_digits=false --input_sentence_size=0 --max_sentence_length=1048576 --minloglevel=2)

# split TEXT STEM [TRAIN_LINES]: the first 90% of TEXT's lines to STEM.train (only the first
# TRAIN_LINES of them if given), the rest to STEM.test.
split() {
  local lines train
  lines=$(wc -l <"$1")
  train=$((lines * 9 / 10))
  [[ -n ${3:-} ]] && ((${3} < train)) && train=$3
  head -n "$train" "$1" >"$2.train"
  tail -n +$((lines * 9 / 10 + 1)) "$1" >"$2.test"
}

# timed LABEL COMMAND...: runs COMMAND (with the caller's redirections) and appends "LABEL
# wall_seconds peak_rss_kib cpu_seconds" to $work/times.tsv. Wall time comes from bash's
# EPOCHREALTIME (microseconds; GNU time's %e has 10 ms steps), peak RSS and CPU time (user +
# system) from GNU time.
timed() {
  local label=$1 start end rss user system
  shift
  start=$EPOCHREALTIME
  /usr/bin/time -f '%M %U %S' -o "$work/rss.txt" "$@" 2>"$work/stderr.txt" || {
    tail -n 5 "$work/stderr.txt" >&2
    die "$label failed: $*"
  }
  end=$EPOCHREALTIME
  read -r rss user system <"$work/rss.txt"
  printf '%s\t%s\t%s\t%s\n' "$label" "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f", b - a }')" \
    "$rss" "$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')" >>"$work/times.tsv"
}

# best_median LABEL COLUMN: "best median" of COLUMN (2 wall, 3 RSS, 4 CPU) over LABEL's runs.
best_median() {
  awk -F'\t' -v label="$1" -v col="$2" '$1 == label { v[++n] = $col }
    END {
      for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
      printf "%s %s\n", v[1], n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
    }' "$work/times.tsv"
}

# Tokens in an id file, one line of ids per text line; with "gradvec", a line's last id is not
# counted when it is 10 (the line's \n, which spm_encode never sees).
count_tokens() {
  awk -v gradvec="$1" '{ n += NF; if (gradvec && NF && $NF == 10) n-- } END { print n }' "$2"
}

# UTF-8 code points of a file, its \n bytes left out: every byte that is not a continuation byte.
count_characters() {
  LC_ALL=C tr -d '\n\200-\277' <"$1" | wc -c
}

# race NAME TEXT [TRAIN_LINES]: the tables for one corpus.
race() {
  local name=$1 text=$2 stem=$work/$1 rep threads
  split "$text" "$stem" "${3:-}"
  : >"$stem.empty"
  local train_bytes test_bytes train_lines
  train_bytes=$(wc -c <"$stem.train") test_bytes=$(wc -c <"$stem.test") train_lines=$(wc -l <"$stem.train")
  echo "$script: $name: training on $train_lines lines ($train_bytes bytes), measuring on $(wc -l <"$stem.test") lines ($test_bytes bytes)" >&2
  for ((rep = 1; rep <= reps; rep++)); do
    timed "$name train gradvec" "$gradvec" bpe train --corpus "$stem.train" --vocab-size "$vocab_size" --output "$stem.bpe"
    for threads in "${spm_threads[@]}"; do
      timed "$name train spm$threads" spm_train "--input=$stem.train" "--model_prefix=$stem.spm$threads" \
        "${spm_settings[@]}" "--num_threads=$threads"
    done
    echo "$script: $name: training round $rep/$reps done" >&2
  done
  local spm_model=$stem.spm${spm_threads[0]}.model
  for ((rep = 1; rep <= reps; rep++)); do
    for input in test empty; do
      timed "$name encode-$input gradvec" "$gradvec" bpe encode --tokenizer "$stem.bpe" \
        <"$stem.$input" >"$stem.gradvec.ids"
      timed "$name encode-$input spm" spm_encode "--model=$spm_model" --output_format=id \
        <"$stem.$input" >"$stem.spm.ids"
    done
    echo "$script: $name: encoding round $rep/$reps done" >&2
  done
  "$gradvec" bpe encode --tokenizer "$stem.bpe" <"$stem.test" >"$stem.gradvec.ids"
  spm_encode "--model=$spm_model" --output_format=id <"$stem.test" >"$stem.spm.ids"
  "$gradvec" bpe decode --tokenizer "$stem.bpe" <"$stem.gradvec.ids" | cmp -s - "$stem.test" ||
    die "$name: gradvec's decode did not give back the held-out text"

  local characters gradvec_tokens spm_tokens
  characters=$(count_characters "$stem.test")
  gradvec_tokens=$(count_tokens 1 "$stem.gradvec.ids")
  spm_tokens=$(count_tokens 0 "$stem.spm.ids")

  echo
  echo "### $name: trained on $train_lines lines ($train_bytes bytes), measured on $test_bytes bytes ($characters characters without line ends)"
  echo
  echo "| | training s, best (median) | training CPU s, best (median) | peak RSS MB, best (median) | encoding MB/s, best (median) | whole encode process s, best (median) | start-up s, best | tokens / 1,000 characters |"
  echo "|---|---|---|---|---|---|---|---|"
  local tool label encode_label
  for tool in gradvec "${spm_threads[@]/#/spm}"; do
    read -r train_best train_median < <(best_median "$name train $tool" 2)
    read -r rss_best rss_median < <(best_median "$name train $tool" 3)
    read -r cpu_best cpu_median < <(best_median "$name train $tool" 4)
    label="gradvec 1 thread"
    [[ $tool == spm* ]] && label="SentencePiece ${tool#spm} thread(s)"
    local encode_cells="| | | " tokens_cell=""
    if [[ $tool == gradvec || $tool == spm${spm_threads[0]} ]]; then
      encode_label=${tool%%[0-9]*}
      read -r run_best run_median < <(best_median "$name encode-test $encode_label" 2)
      read -r empty_best _ < <(best_median "$name encode-empty $encode_label" 2)
      encode_cells=$(awk -v b="$test_bytes" -v best="$run_best" -v median="$run_median" -v e="$empty_best" \
        'BEGIN { printf "| %.1f (%.1f) | %.3f (%.3f) | %.3f ", b / (best - e) / 1e6, b / (median - e) / 1e6, best, median, e }')
      tokens_cell=$(awk -v t="$([[ $tool == gradvec ]] && echo "$gradvec_tokens" || echo "$spm_tokens")" \
        -v c="$characters" 'BEGIN { printf "%.2f (%d tokens)", 1000 * t / c, t }')
    fi
    awk -v l="$label" -v tb="$train_best" -v tm="$train_median" -v cb="$cpu_best" -v cm="$cpu_median" \
      -v rb="$rss_best" -v rm="$rss_median" -v enc="$encode_cells" -v tok="$tokens_cell" \
      'BEGIN { printf "| %s | %.2f (%.2f) | %.2f (%.2f) | %.0f (%.0f) %s| %s |\n", l, tb, tm, cb, cm, rb / 1024, rm / 1024, enc, tok }'
  done
  echo
  echo "| ratio | value | target |"
  echo "|---|---|---|"
  for threads in "${spm_threads[@]}"; do
    for column in 2 4; do
      read -r gradvec_train _ < <(best_median "$name train gradvec" $column)
      read -r spm_train_best _ < <(best_median "$name train spm$threads" $column)
      awk -v g="$gradvec_train" -v s="$spm_train_best" -v t="$threads" -v what="$([[ $column == 2 ]] && echo "wall time" || echo "CPU time")" \
        'BEGIN { printf "| gradvec training %s / SentencePiece'"'"'s at %s thread(s), best | %.3f | <= 0.2: %s |\n", what, t, g / s, (g / s <= 0.2 ? "met" : "missed") }'
    done
  done
  read -r g_best _ < <(best_median "$name encode-test gradvec" 2)
  read -r g_empty _ < <(best_median "$name encode-empty gradvec" 2)
  read -r s_best _ < <(best_median "$name encode-test spm" 2)
  read -r s_empty _ < <(best_median "$name encode-empty spm" 2)
  awk -v g="$g_best" -v ge="$g_empty" -v s="$s_best" -v se="$s_empty" \
    'BEGIN { r = (s - se) / (g - ge); printf "| gradvec encoding MB/s / SentencePiece'"'"'s, best | %.2f | >= 1: %s |\n", r, (r >= 1 ? "met" : "missed") }'
  awk -v g="$gradvec_tokens" -v s="$spm_tokens" \
    'BEGIN { r = g / s; printf "| gradvec tokens / SentencePiece'"'"'s | %.4f | <= 1.01: %s |\n", r, (r <= 1.01 ? "met" : "missed") }'
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for name in "${corpora[@]}"; do
  case $name in
    shakespeare) race shakespeare "$corpus" ;;
    zipf)
      if [[ ! -f $zipf_corpus ]]; then
        echo "$script: writing $zipf_corpus ($scale_tokens tokens; a few minutes, once)" >&2
        "$python" "$repo/bench/zipf_corpus.py" --output "$zipf_corpus" --tokens "$scale_tokens" >&2
      fi
      race zipf "$zipf_corpus" "$zipf_train_lines" ;;
  esac
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
echo
echo "Machine: $(nproc) CPUs ($cpu), $(free -g | awk '/^Mem:/ { print $2 }') GiB; load average before $load_before, after $load_after; $(date -u '+%Y-%m-%d %H:%M UTC')."
echo "SentencePiece $spm_version; $reps runs of each, tools alternating; vocabulary $vocab_size."
