#!/usr/bin/env bash
# examples.sh GRADVEC REPO: every shell block of README.md and docs/*.md marked runnable (a line
# `<!-- runnable -->` right before a ```sh fence) runs, in file order, on a copy of the shipped
# corpus and analogy questions, with GRADVEC on PATH as `gradvec`, under bash -euo pipefail. A
# block that exits non-zero fails the test, naming the file and line where it starts, so a
# renamed option or a changed default breaks the build instead of the reader.
# Blocks of one file share a scratch directory (a later block may read what an earlier one
# wrote); each file starts from a fresh one.
set -uo pipefail
gradvec=$1
repo=$2
source "$(dirname "$0")/../cli/scratch.sh"

mkdir "$work/bin"
ln -s "$(realpath "$gradvec")" "$work/bin/gradvec"

# extract FILE DIR: writes each runnable block of FILE to DIR/N.sh (N = 1, 2, ...) and prints,
# per block, "N LINE" (LINE: where its text starts); a marker without a ```sh fence right after
# it, or a block never closed, prints "ERROR LINE: what" instead.
extract() {
  awk -v dir="$2" '
    state == "marker" {
      if ($0 != "```sh") { printf "ERROR %d: runnable marker not followed by a ```sh line\n", marker; state = ""; next }
      state = "block"; n++; out = dir "/" n ".sh"; printf "" > out; printf "%d %d\n", n, NR + 1; next
    }
    state == "block" {
      if ($0 == "```") { close(out); state = ""; next }
      print > out; next
    }
    $0 == "<!-- runnable -->" { state = "marker"; marker = NR; next }
    END {
      if (state == "block") printf "ERROR %d: runnable block never closed\n", NR
      else if (state == "marker") printf "ERROR %d: runnable marker at the end of the file\n", marker
    }
  ' "$1"
}

failures=0
count=0
for file in "$repo"/README.md "$repo"/docs/*.md; do
  name=${file#"$repo"/}
  dir=$work/run/${name//\//_}
  mkdir -p "$dir/data" "$dir/bench"
  cp "$repo/data/tinyshakespeare.txt" "$dir/data/"
  cp "$repo/bench/shakespeare_analogies.txt" "$dir/bench/"
  in_file=0
  mkdir -p "$dir.blocks"
  while read -r n line; do
    if [[ $n == ERROR ]]; then
      echo "FAIL: $name:$line"
      failures=$((failures + 1))
      continue
    fi
    count=$((count + 1))
    in_file=$((in_file + 1))
    started=$(date +%s.%N)
    if (cd "$dir" && PATH="$work/bin:$PATH" timeout 300 bash -euo pipefail "$dir.blocks/$n.sh") \
      </dev/null >"$work/log" 2>&1; then
      # Reported, not checked: a slow example is for its author to shorten.
      awk -v name="$name:$line" -v from="$started" -v to="$(date +%s.%N)" \
        'BEGIN { printf "%s: ran in %.1f s\n", name, to - from }'
    else
      echo "FAIL: $name:$line: this block exited non-zero:"
      sed 's/^/    /' "$dir.blocks/$n.sh"
      echo "  its output:"
      sed 's/^/    /' "$work/log"
      failures=$((failures + 1))
    fi
  done < <(extract "$file" "$dir.blocks")
  echo "$name: $in_file runnable block(s)"
  if [[ $name == README.md && $in_file == 0 ]]; then
    echo "FAIL: README.md has no runnable block (its quick starts must be marked <!-- runnable -->)"
    failures=$((failures + 1))
  fi
done
((failures == 0)) || fail "$failures of the runnable blocks or markers above failed"
echo "ok: $count runnable blocks ran"
