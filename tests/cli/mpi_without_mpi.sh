#!/usr/bin/env bash
# mpi_without_mpi.sh GRADVEC CORPUS: a build without MPI (the default) started by an MPI launcher
# as several ranks refuses at once, in one line saying how to build one with MPI, rather than
# train once per rank; mpirun -np 1 is a plain run. --sync-words and --rank-timeout, which only a
# build with MPI uses, are listed in --help with their defaults and refused by name. lm train, bpe train and
# phrases, which run as one process in any build, refuse a launcher's ranks too. The launchers are stood in
# for by the environment they set: Open MPI's OMPI_COMM_WORLD_*, MPICH/Hydra's and Slurm's PMI_*.
set -uo pipefail
gradvec=$1 corpus=$2
source "$(dirname "$0")/scratch.sh"
refuses() { "$expect_failure" 2 "$@" || exit 1; }
cd "$work" || exit 1
head -n 2000 "$corpus" >corpus.txt
small=(--corpus corpus.txt --dim 8 --epochs 1 --threads 1 --quiet)
rebuild="rebuild with -DGRADVEC_MPI=ON \(\./setup\.sh --mpi\), see docs/distributed\.md$"

refuses "^gradvec: error: this gradvec was built without MPI, so the 2 processes an MPI launcher started would each train alone; $rebuild" \
  env OMPI_COMM_WORLD_SIZE=2 OMPI_COMM_WORLD_RANK=1 "$gradvec" train "${small[@]}" --output o.vec
refuses "^gradvec: error: this gradvec was built without MPI, so the 4 processes an MPI launcher started would each train alone; $rebuild" \
  env PMI_SIZE=4 PMI_RANK=0 "$gradvec" train "${small[@]}" --output p.vec
# lm train, bpe train and phrases never run across ranks, in any build: refused the same way,
# before the corpus is read, pointing at a plain run.
plain="start it without mpirun \\(or srun\\)$"
refuses "^gradvec: error: gradvec lm train runs as one process, so the 2 processes an MPI launcher started would each train alone; $plain" \
  env OMPI_COMM_WORLD_SIZE=2 OMPI_COMM_WORLD_RANK=0 "$gradvec" lm train --corpus corpus.txt --steps 1 --output l.lm
refuses "^gradvec: error: gradvec bpe train runs as one process, so the 3 processes an MPI launcher started would each train alone; $plain" \
  env PMI_SIZE=3 PMI_RANK=2 "$gradvec" bpe train --corpus corpus.txt --output b.bpe
refuses "^gradvec: error: gradvec phrases runs as one process, so the 2 processes an MPI launcher started would each rewrite the corpus alone; $plain" \
  env OMPI_COMM_WORLD_SIZE=2 OMPI_COMM_WORLD_RANK=1 "$gradvec" phrases --corpus corpus.txt --output p.txt
[[ -z $(ls) || $(ls) == corpus.txt ]] || fail "a refused run wrote: $(ls)"
env OMPI_COMM_WORLD_SIZE=1 OMPI_COMM_WORLD_RANK=0 "$gradvec" bpe train --corpus corpus.txt \
  --output one.bpe >/dev/null 2>&1 || fail "bpe train under mpirun -np 1: exit status $?"
env OMPI_COMM_WORLD_SIZE=1 OMPI_COMM_WORLD_RANK=0 "$gradvec" train "${small[@]}" --output one.vec \
  >/dev/null 2>&1 || fail "mpirun -np 1 (OMPI_COMM_WORLD_SIZE=1): exit status $?"
[[ -s one.vec ]] || fail "mpirun -np 1 wrote no vectors"
echo "ok: a world of 1 trains as a plain run"

help=$("$gradvec" help train)
for option in --sync-words:5000:20000 --rank-timeout:3:300; do
  IFS=: read -r name value default <<<"$option"
  refuses "^gradvec: error: $name: this gradvec was built without MPI; $rebuild" \
    "$gradvec" train "${small[@]}" "$name" "$value" --output s.vec
  grep -q -- "$name INT.*=$default$" <<<"$help" ||
    fail "gradvec help train does not show $name with its default"
  echo "ok: $name is listed with its default and refused by name"
done
