#!/usr/bin/env bash
# init.sh GRADVEC CORPUS: --init continues a model across ranks. Every rank loads it, and the
# ranks' merged counts update its vocabulary as one process's counts do: -np 1 writes what a
# plain run writes, from a vector file and from a checkpoint, free, with --freeze-known and with
# --anchor-known.
# The words a run gives no row, whose counts its checkpoint keeps, are a plain run's across 3
# ranks, fresh or continued. Across 3 ranks --freeze-known keeps the model's words' vectors bit for bit (averaged, three
# equal floats can round to a neighbour). Ranks that read different model files refuse to start.
set -uo pipefail
source "$(dirname "$0")/mpi_common.sh"
head -n 15000 "$corpus" >a.txt
tail -n +15001 "$corpus" >b.txt
"$gradvec" train --corpus a.txt --output model.vec --checkpoint model.ckpt --epochs 1 --dim 16 \
  --threads 1 --seed 2 --quiet >out.txt 2>err.txt || { cat err.txt; fail "the model's run failed"; }
train() {  # train NP OUTPUT ARGS...: continues on b.txt; NP 0 is a plain run
  local np=$1 output=$2
  shift 2
  np_run "$np" "$gradvec" train --corpus "$PWD/b.txt" --output "$output" --epochs 1 --dim 16 \
    --threads 1 --seed 5 --quiet "$@"
}
for model in model.vec model.ckpt; do
  for freeze in "" --freeze-known "--anchor-known 1"; do
    # shellcheck disable=SC2086  # $freeze: one option or none
    train 0 plain.vec --init "$model" $freeze
    # shellcheck disable=SC2086
    train 1 one.vec --init "$model" $freeze
    cmp -s plain.vec one.vec || fail "--init $model $freeze: -np 1 differs from a plain run"
    echo "ok: --init $model $freeze: -np 1 = plain: $(sha256sum <one.vec | cut -c1-16)"
  done
done

# A plain run continued from a checkpoint on the whole corpus at --min-count 1 gives every word
# the checkpoint's run counted, rare ones included, its row, counts summed: the same vocabulary
# file from two checkpoints means the same counts.
every_count() {  # every_count CHECKPOINT VOCAB
  "$gradvec" train --init "$1" --corpus "$corpus" --min-count 1 --epochs 1 --dim 16 --threads 1 \
    --quiet --output every.vec --save-vocab "$2" >out.txt 2>err.txt ||
    { cat err.txt; fail "the run from $1 failed"; }
}
for run in fresh continued; do
  init=()
  [[ $run == continued ]] && init=(--init model.ckpt)
  for np in 0 3; do
    train "$np" "$run$np.vec" --checkpoint "$run$np.ckpt" "${init[@]}"
    every_count "$run$np.ckpt" "$run$np.vocab"
  done
  cmp -s "${run}0.vocab" "${run}3.vocab" || fail "$run: -np 3's rare words differ from a plain run's"
  echo "ok: $run: -np 3 keeps a plain run's counts: $(sha256sum <"${run}3.vocab" | cut -c1-16)"
done

train 3 three.vec --init model.vec --freeze-known
tail -n +2 model.vec >known.txt
changed=$(grep -cvxFf three.vec known.txt)
[[ $changed -eq 0 ]] || fail "-np 3 --freeze-known: $changed of the model's words' vectors changed"
(($(wc -l <three.vec) > $(wc -l <model.vec))) || fail "-np 3: no new word joined the model"
cmp -s three.vec one.vec && fail "-np 3 wrote -np 1's vectors"
echo "ok: -np 3 --freeze-known keeps the model's $(wc -l <known.txt) words' vectors"
train 3 anchored.vec --init model.ckpt --anchor-known 1
cmp -s anchored.vec three.vec && fail "-np 3 --anchor-known wrote --freeze-known's vectors"
echo "ok: -np 3 --anchor-known trains"

# The same path on every rank, another file behind it on one.
mkdir -p r0 r1 && cp model.vec r0/ && head -n 100 model.vec | sed '1s/.* /99 /' >r1/model.vec
common=(train --corpus "$PWD/b.txt" --output v.vec --epochs 1 --dim 16 --quiet --init model.vec)
timeout 60 mpirun --oversubscribe -np 1 -wdir r0 "$gradvec" "${common[@]}" : \
  -np 1 -wdir r1 "$gradvec" "${common[@]}" >out.txt 2>err.txt && fail "different models accepted"
ours=$(grep '^gradvec:' err.txt)
when='[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{9} UTC'
[[ $ours =~ ^"gradvec: rank 0: rank 1 differs in the --init file: model.vec, "[0-9]+" bytes, modified at "$when" there, model.vec, "[0-9]+" bytes, modified at "$when" here" ]] ||
  { cat err.txt; fail "not the refusal: $ours"; }
[[ ! -e r0/v.vec && ! -e r1/v.vec ]] || fail "vectors written"
echo "ok: $ours"
# A model dated 2001 on one rank, as a tar or cp -p keeps it: its time reads as a time, where the
# file clock's raw count (-5459356800000000000 for 2001) was printed.
touch -d '2001-09-09 01:46:40 UTC' r1/model.vec
timeout 60 mpirun --oversubscribe -np 1 -wdir r0 "$gradvec" "${common[@]}" : \
  -np 1 -wdir r1 "$gradvec" "${common[@]}" >out.txt 2>err.txt && fail "different models accepted"
ours=$(grep '^gradvec:' err.txt)
[[ $ours == *"modified at 2001-09-09 01:46:40.000000000 UTC there"* ]] ||
  { cat err.txt; fail "not the refusal: $ours"; }
echo "ok: $ours"
