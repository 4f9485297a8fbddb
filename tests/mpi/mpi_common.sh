# shellcheck shell=bash
# Sourced by the MPI tests, whose first two arguments are GRADVEC and CORPUS: mpirun as CI runs it
# (as root, on a 2-core machine), always under a timeout, a clear failure when mpirun cannot start
# a job at all, and a scratch directory as the working one.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
# One machine: shared memory only, and a rank waiting in a collective yields its core to the
# ranks it waits for (the machine has fewer cores than ranks).
export OMPI_MCA_btl=self,vader OMPI_MCA_mpi_yield_when_idle=1

fail() { echo "FAIL: $*"; exit 1; }

# mpi NP ARGS...: `mpirun -np NP ARGS...`, ended after 60 s.
mpi() {
  local np=$1
  shift
  timeout 60 mpirun --oversubscribe -np "$np" "$@"
}

# mpirun starts its daemons over the loopback interface: without it (a network namespace, say)
# it fails at PMIx start, which is the machine's defect, not gradvec's.
require_mpirun() {
  timeout 30 mpirun --oversubscribe -np 1 true >/dev/null 2>&1 ||
    fail "mpirun cannot start a job here (is the loopback interface up? 'ip link set lo up')"
}

# shellcheck disable=SC2034  # used by the sourcing test
gradvec=$1 corpus=$2
require_mpirun
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
