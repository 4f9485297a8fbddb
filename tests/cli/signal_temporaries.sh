#!/usr/bin/env bash
# signal_temporaries.sh GRADVEC CORPUS
# A command that does not stop gracefully (here `phrases`, writing through a temporary file as
# convert, plot and vocabulary saves do) and is ended by INT, TERM or HUP mid-write leaves no
# temporary file behind, and its status is the signal's, as the shell reports it.
set -euo pipefail
set -m  # background jobs in their own process group, INT not ignored: as from a terminal
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
# stop_each MARK OUTPUT COMMAND...: for INT, TERM and HUP in turn, runs COMMAND in the
# background until the file MARK (a glob) exists, sends the signal, and checks the status is the
# signal's, nothing is left (leftovers) and OUTPUT was not written.
stop_each() {
  local mark=$1 output=$2 case signal pid status
  shift 2
  for case in INT:130 TERM:143 HUP:129; do
    signal=${case%:*}
    "$@" 2>"$work/err" >/dev/null &
    pid=$!
    until compgen -G "$mark" >/dev/null; do
      kill -0 "$pid" 2>/dev/null || fail "$2 $3 ended before $mark was made"
      sleep 0.01
    done
    kill -"$signal" "$pid"
    status=0
    wait "$pid" || status=$?
    [[ $status -eq ${case#*:} ]] || fail "$2 $3: exit status $status after SIG$signal, expected ${case#*:}"
    [[ -z $(leftovers "$work") ]] || fail "$2 $3: SIG$signal left behind: $(leftovers "$work")"
    [[ ! -e $output ]] || fail "$2 $3: SIG$signal: an output written by a run it ended"
  done
}

head -n 2000 "$corpus" >"$work/c.txt"
# --list is written inside the output's write: a FIFO as the list holds the output's temporary
# file open until the FIFO is read, so the signal surely lands mid-write.
mkfifo "$work/list"
stop_each "$work/.p.txt-*" "$work/p.txt" \
  "$gradvec" phrases --corpus "$work/c.txt" --output "$work/p.txt" --list "$work/list"
echo "ok: INT, TERM and HUP mid-write leave no temporary file"

# bpe train holds its output's lock file from the start: a signal while it counts (a 30 MB corpus
# of random words takes it some 2 s) removes the lock file with it.
awk 'BEGIN { srand(1); for (l = 0; l < 400000; ++l) { line = ""; for (w = 0; w < 12; ++w) {
  word = ""; n = 2 + int(rand() * 8); for (c = 0; c < n; ++c) word = word sprintf("%c", 97 + int(rand() * 26))
  line = line word " " } print line } }' >"$work/random.txt"
stop_each "$work/.t.bpe.lock" "$work/t.bpe" \
  "$gradvec" bpe train --corpus "$work/random.txt" --vocab-size 60000 --output "$work/t.bpe"
echo "ok: bpe train stopped by INT, TERM or HUP leaves no lock file"
