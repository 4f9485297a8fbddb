# shellcheck shell=bash
# Sourced by the MPI tests, whose first two arguments are GRADVEC and CORPUS: mpirun as CI runs it
# (as root, on a 2-core machine), always under a timeout, a clear failure when mpirun cannot start
# a job at all, and a scratch directory as the working one.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# One machine: shared memory only, and a rank waiting in a collective yields its core to the
# ranks it waits for (the machine has fewer cores than ranks).
export OMPI_MCA_btl=self,vader OMPI_MCA_mpi_yield_when_idle=1

fail() { echo "FAIL: $*"; exit 1; }

# mpi NP ARGS...: `mpirun -np NP ARGS...`, ended after 120 s (a hang; a run takes seconds).
mpi() {
  local np=$1
  shift
  timeout 120 mpirun --oversubscribe -np "$np" "$@"
}

# np_run NP COMMAND...: COMMAND run plain (NP 0) or by `mpi NP`, its stdout in out.txt and its
# stderr in err.txt; a failure ends the test, showing err.txt.
np_run() {
  local np=$1
  shift
  if ((np == 0)); then "$@"; else mpi "$np" "$@"; fi >out.txt 2>err.txt ||
    { cat err.txt; fail "np $np ${*:2}: failed"; }
}

# mpirun starts its daemons over the loopback interface: without it (a network namespace, say)
# it fails at PMIx start, which is the machine's defect, not gradvec's.
require_mpirun() {
  timeout 30 mpirun --oversubscribe -np 1 true >/dev/null 2>&1 ||
    fail "mpirun cannot start a job here (is the loopback interface up? 'ip link set lo up')"
}

# rank_pid RANK OUTPUT: waits (up to 10 s) for the gradvec process that is rank RANK of the job
# writing OUTPUT, and prints its pid (nothing if none came).
rank_pid() {
  local rank=$1 output=$2 environ pid
  for _ in $(seq 100); do
    for environ in /proc/[0-9]*/environ; do
      pid=${environ#/proc/} pid=${pid%/environ}
      [[ $(cat "/proc/$pid/comm" 2>/dev/null) == gradvec ]] || continue
      grep -qz "^OMPI_COMM_WORLD_RANK=$rank\$" "$environ" 2>/dev/null || continue
      grep -qzF -- "$output" "/proc/$pid/cmdline" 2>/dev/null && { echo "$pid"; return; }
    done
    sleep 0.1
  done
}

# wait_for_training JOB: waits while background job JOB (its stderr in err.txt, emptied before
# the job started) counts, until rank 0's header, which follows the counting pass, says the ranks
# are training.
wait_for_training() {
  until grep -q ' words in vocabulary' err.txt; do
    kill -0 "$1" 2>/dev/null || fail "the job ended before training: $(cat err.txt)"
    sleep 0.05
  done
}

# term_mid_run NP ARGS...: starts `mpirun -np NP ARGS...` (stdout in out.txt, stderr in err.txt),
# sends mpirun TERM once rank 0 says the ranks train, and sets `status` to the job's, which must
# be neither a timeout nor a success.
term_mid_run() {
  local np=$1 job
  shift
  : >err.txt  # here, not in the job: the job's own redirection may come after the wait looks
  timeout 120 mpirun --oversubscribe -np "$np" "$@" >out.txt 2>err.txt &
  job=$!
  wait_for_training "$job"
  pkill -TERM -x -P "$job" mpirun
  wait "$job"
  status=$?
  [[ $status -ne 124 ]] || fail "-np $np: the job hung after TERM (timeout)"
  [[ $status -ne 0 ]] || fail "-np $np: the job finished before TERM stopped it"
}

# ours FILE: gradvec's lines of a job's stderr FILE, but for rank 0's header: not mpirun's own
# notices, which its libevent prints as "[warn] ..." when a signal comes.
ours() {
  grep -v -e ' words in vocabulary' -e '^\[warn\] ' "$1"
}

# shellcheck disable=SC2034  # used by the sourcing test
gradvec=$1 corpus=$2
require_mpirun
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

# leave_no_stopped_rank: for a test that stops a rank (SIGSTOP) and keeps its pid in $rank1 once
# known: whatever happens, that rank is not left behind, but woken and ended on exit, as is the
# job still running in the background when a check fails (mpirun ends its other ranks), before
# the scratch directory is removed.
leave_no_stopped_rank() {
  rank1=
  trap '[[ -n $rank1 ]] && kill -CONT "$rank1" 2>/dev/null && kill -KILL "$rank1" 2>/dev/null
    running=$(jobs -p); [[ -z $running ]] || { kill $running 2>/dev/null; wait; }; rm -rf "$work"' EXIT
}
