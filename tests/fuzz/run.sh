#!/usr/bin/env bash
# run.sh BUILD_DIR SECONDS [HARNESS...]: runs each libFuzzer harness (default: all built in
# BUILD_DIR) for SECONDS from its seeds and its findings' reproducers, with fuzz.dict,
# FUZZ_JOBS at a time (default: the number of cores), and prints one line per harness: runs,
# seconds, result.
# Fails if any harness finds something: a crash, a sanitizer report, an uncaught exception,
# a leak, an input slower than 10 s or one that takes more than 1 GB. Its log and the input
# that did it stay in BUILD_DIR/fuzz-runs/HARNESS/. A harness stops at its first finding, or
# with FUZZ_KEEP_GOING=1 fuzzes on (libFuzzer's -fork=1) and keeps every input that found one.
set -uo pipefail
build=$(cd "$1" && pwd) seconds=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
if (($# == 0)); then
  for harness in "$build"/fuzz_*; do
    [[ -x $harness && $harness != */fuzz_seeds ]] && set -- "$@" "${harness##*/fuzz_}"
  done
fi
if (($# == 0)); then
  echo "run.sh: no fuzz_* harness in $build (build the 'fuzzers' target)" >&2
  exit 2
fi

# run_one NAME: fuzzes into a fresh corpus directory, so the committed seeds stay as they are.
run_one() {
  local name=$1 work=$build/fuzz-runs/$1
  rm -rf "$work" && mkdir -p "$work/corpus" && : >"$work/log"
  local corpora=("$work/corpus" "$here/seeds/$name")
  [[ -d $here/findings/$name ]] && corpora+=("$here/findings/$name")
  local options=(-timeout=10 -rss_limit_mb=1024 -artifact_prefix="$work/") keep_going=()
  local status=0 runs took
  if [[ ${FUZZ_KEEP_GOING:-} == 1 ]]; then
    keep_going=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
    # -fork=1 passes over starting inputs that fail, so the findings are replayed first.
    if [[ -d $here/findings/$name ]]; then
      "$build/fuzz_$name" "${options[@]}" "$here/findings/$name"/* >"$work/log" 2>&1 || status=$?
    fi
  fi
  "$build/fuzz_$name" "${options[@]}" -max_total_time="$seconds" -dict="$here/fuzz.dict" \
    -print_final_stats=1 "${keep_going[@]}" "${corpora[@]}" >>"$work/log" 2>&1 || status=$?
  # A single process prints its final stats; -fork=1 only its progress lines, "#RUNS: ...".
  runs=$(sed -n -e 's/^stat::number_of_executed_units: *//p' -e 's/^#\([0-9]*\): cov:.*/\1/p' \
    "$work/log" | tail -n 1)
  took=$(sed -n -e 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' \
    -e 's/^INFO: exiting: .* time: \([0-9]*\)s$/\1/p' "$work/log" | tail -n 1)
  printf '%-18s %10s runs in %4s s  ' "$name" "${runs:-?}" "${took:-?}"
  if ((status == 0)); then
    echo ok
  else
    local first_report='^(==[0-9]+== ?ERROR|fuzz finding|.*runtime error|  what\(\)|SUMMARY)'
    printf 'FAILED (exit %d): %s\n  log: %s\n' "$status" \
      "$(grep -m1 -E "$first_report" "$work/log")" "$work/log"
    shopt -s nullglob
    local inputs=("$work"/{crash,leak,timeout,oom}-*)
    if ((${#inputs[@]} <= 3)); then
      ((${#inputs[@]} == 0)) || printf '  input: %s\n' "${inputs[@]}"
    else
      echo "  inputs: ${#inputs[@]} in $work/"
    fi
  fi
  return $status
}
export -f run_one
export build seconds here

printf '%s\n' "$@" | xargs -P "${FUZZ_JOBS:-$(nproc)}" -I{} bash -c 'run_one {}'
