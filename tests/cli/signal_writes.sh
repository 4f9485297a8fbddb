#!/usr/bin/env bash
# signal_writes.sh GRADVEC
# convert, plot and pe --svg take INT, TERM and HUP as train does (tools/stop_signals.h), INT
# even as a script's background job has it (ignored: they used to run to their end and exit 0):
#   - one that comes while the vectors are read ends the command at once, even while it waits for
#     more of them from a silent writer, before the write: one line "interrupted while reading standard input: nothing was written", status 128 + the
#     signal's number, no output, no temporary, no lock file;
#   - one that comes during the write lets it finish: the output whole, one line saying so, the
#     signal's status, and (pe) no table printed after it.
# Each signal is sent at a point the test controls, never after a delay: the vectors come
# through a FIFO, the signal once the command has read a MiB of them, and no more after; the
# output is a FIFO read 128 KiB, then the signal, then the rest.
set -euo pipefail
gradvec=$1
source "$(dirname "$0")/scratch.sh"

# 40,000 words of 100 dimensions, some 30 MB of text.
awk 'BEGIN { srand(3); for (w = 0; w < 40000; ++w) { line = "w" w
  for (d = 0; d < 100; ++d) line = line sprintf(" %.4f", rand() - 0.5); print line } }' >"$work/v.txt"
mkfifo "$work/in" "$work/out"

pid=
at_exit() { [[ -z $pid ]] || kill -9 "$pid" 2>/dev/null || :; }

# ended SIGNAL COMMAND: waits for COMMAND, started as $pid, and fails unless it exited with
# SIGNAL's status (128 + its number).
ended() {
  local status=0
  wait "$pid" || status=$?
  pid=
  [[ $status -eq $((128 + $(kill -l "$1"))) ]] ||
    fail "$2: SIG$1: exit status $status, expected $((128 + $(kill -l "$1"))): $(cat "$work/err")"
}

# signal_while_reading SIGNAL COMMAND...: runs COMMAND (which reads vectors from standard input
# and writes $work/o) in the background with $work/v.txt fed through a FIFO, sends SIGNAL once it
# has read a MiB of it, and holds the FIFO open, silent.
signal_while_reading() {
  local signal=$1
  shift
  "$gradvec" "$@" <"$work/in" >"$work/stdout" 2>"$work/err" &
  pid=$!
  exec 3>"$work/in"
  # Returns once the pipe (64 KiB) has room for its last bytes: the command has read the rest.
  head -c 1048576 "$work/v.txt" >&3
  kill -"$signal" "$pid"
  # The writer falls silent, the FIFO held open: the command must stop without waiting for more
  # bytes or their end (it used to wait, and stopped only once the rest came).
  for _ in $(seq 100); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  ! kill -0 "$pid" 2>/dev/null || fail "$1: SIG$signal while reading: still waiting for input 10 s after it"
  exec 3>&-
  ended "$signal" "$1"
  grep -qx 'interrupted while reading standard input: nothing was written' "$work/err" ||
    fail "$1: SIG$signal while reading: no line saying so: $(cat "$work/err")"
  [[ $(wc -l <"$work/err") -eq 1 && ! -s $work/stdout ]] ||
    fail "$1: SIG$signal while reading: more than the one line: $(cat "$work/err" "$work/stdout")"
  [[ ! -e $work/o ]] || fail "$1: SIG$signal while reading: the output was written"
  [[ -z $(leftovers "$work") ]] || fail "$1: SIG$signal while reading left $(leftovers "$work")"
  echo "ok: $1: SIG$signal while reading the vectors ends it, nothing written"
}

for signal in INT TERM HUP; do
  signal_while_reading "$signal" convert --vectors - --output "$work/o" --output-format w2v
done
signal_while_reading INT plot --vectors - --words w1 w2 w3 --output "$work/o"

# signal_while_writing SIGNAL WHAT COMMAND...: runs COMMAND (which writes the FIFO $work/out)
# in the background, reads 128 KiB of its output, sends SIGNAL, and reads the rest into
# $work/got. The whole output must be there, and one line say the signal came after WHAT.
signal_while_writing() {
  local signal=$1 what=$2
  shift 2
  "$gradvec" "$@" >"$work/stdout" 2>"$work/err" &
  pid=$!
  {
    dd bs=65536 count=2 iflag=fullblock status=none
    kill -"$signal" "$pid"
    cat
  } <"$work/out" >"$work/got"
  ended "$signal" "$1"
  grep -qx "gradvec: SIG$signal came after $what had finished; $work/out is written in full" "$work/err" ||
    fail "$1: SIG$signal while writing: no line saying the output is whole: $(cat "$work/err")"
  [[ -z $(leftovers "$work") ]] || fail "$1: SIG$signal while writing left $(leftovers "$work")"
  echo "ok: $1: SIG$signal while writing lets the write finish"
}

"$gradvec" convert --vectors "$work/v.txt" --output "$work/whole" --output-format w2v >/dev/null
for signal in INT TERM; do
  signal_while_writing "$signal" "the conversion" convert --vectors "$work/v.txt" --output "$work/out" \
    --output-format w2v
  cmp -s "$work/got" "$work/whole" || fail "convert: SIG$signal while writing: the output is not whole"
done

"$gradvec" pe --kind sinusoidal --len 256 --dim 512 --svg "$work/whole.svg" >/dev/null
signal_while_writing INT "the table" pe --kind sinusoidal --len 256 --dim 512 --svg "$work/out"
cmp -s "$work/got" "$work/whole.svg" || fail "pe --svg: SIGINT while writing: the SVG is not whole"
[[ ! -s $work/stdout ]] || fail "pe --svg: SIGINT while writing the SVG: the table was printed after it"

"$gradvec" plot --vectors "$work/v.txt" --top 5000 --output "$work/whole.svg" >/dev/null
signal_while_writing HUP "the plot" plot --vectors "$work/v.txt" --top 5000 --output "$work/out"
cmp -s "$work/got" "$work/whole.svg" || fail "plot: SIGHUP while writing: the SVG is not whole"
