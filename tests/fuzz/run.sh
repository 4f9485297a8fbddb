#!/usr/bin/env bash
# run.sh BUILD_DIR SECONDS [HARNESS...]: runs each libFuzzer harness (default: all built in
# BUILD_DIR) for SECONDS from its seeds and its findings' reproducers, with fuzz.dict,
# FUZZ_JOBS at a time (default: the number of cores), and prints one line per harness: runs,
# seconds, result.
# Fails if any harness finds something: a crash, a sanitizer report, an uncaught exception,
# a leak, an input slower than 10 s or one that takes more than 1 GB. Its log and the input
# that did it stay in BUILD_DIR/fuzz-runs/HARNESS/.
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
  rm -rf "$work" && mkdir -p "$work/corpus"
  local corpora=("$work/corpus" "$here/seeds/$name")
  [[ -d $here/findings/$name ]] && corpora+=("$here/findings/$name")
  "$build/fuzz_$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=1024 \
    -dict="$here/fuzz.dict" -print_final_stats=1 -artifact_prefix="$work/" "${corpora[@]}" \
    >"$work/log" 2>&1
  local status=$? runs took
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log")
  took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$work/log")
  if ((status == 0)); then
    printf '%-18s %10s runs in %4s s  ok\n' "$name" "${runs:-?}" "${took:-?}"
  else
    local first_report='^(==[0-9]+==ERROR|fuzz finding|.*runtime error|  what\(\)|SUMMARY)'
    printf '%-18s FAILED (exit %d): %s\n  log: %s\n' "$name" "$status" \
      "$(grep -m1 -E "$first_report" "$work/log")" "$work/log"
    for input in "$work"/{crash,leak,timeout,oom}-*; do
      [[ -e $input ]] && echo "  input: $input"
    done
  fi
  return $status
}
export -f run_one
export build seconds here

printf '%s\n' "$@" | xargs -P "${FUZZ_JOBS:-$(nproc)}" -I{} bash -c 'run_one {}'
