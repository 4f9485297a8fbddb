#!/usr/bin/env bash
# Training speed of `gradvec lm train` against the same model and batch in PyTorch
# (bench/lm_torch.py), one thread each, side by side: REPS rounds alternating the two, STEPS
# steps a run, the median steps/s of each. gradvec's rate is its own report (every step, the
# first included); PyTorch's leaves out its first 3 steps. gradvec at 2 threads follows, for the
# scaling.
#
#   bench/lm_speed.sh                   REPS=3 STEPS=40, the default model (--pos rope)
#   POS=learned bench/lm_speed.sh
#   ISAS="avx2 avx512" bench/lm_speed.sh   also both held to each instruction set
#
# Environment: REPS, STEPS, POS (default rope), EXTRA (model options for both, among --layers
# --heads --dim --context --batch), ISAS (instruction sets to hold both tools to as well, each a
# pair of rows: gradvec's GRADVEC_ISA, PyTorch's ATen, oneDNN and OpenBLAS caps),
# GRADVEC_BIN, GRADVEC_CORPUS, PYTHON (default /usr/bin/python3).
# Prints a Markdown table on stdout, progress on stderr; exit status 2 when something could not run.
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
reps=${REPS:-3}
steps=${STEPS:-40}
pos=${POS:-rope}
read -r -a extra <<<"${EXTRA:-}"
read -r -a isas <<<"${ISAS:-}"
[[ $reps =~ ^[1-9][0-9]*$ ]] || die "REPS must be a positive integer, got '$reps'"
[[ $steps =~ ^[1-9][0-9]*$ && $steps -gt 3 ]] || die "STEPS must be an integer above 3, got '$steps'"
require_gradvec
require_corpus
"$python" -c 'import torch' 2>/dev/null || die "$python cannot import torch: ./setup.sh --peers"
require_openblas
make_work_dir

gradvec_rate() {  # THREADS [ISA]: steps/s of one gradvec run, with GRADVEC_ISA=ISA when given
  GRADVEC_ISA=${2:-} "$gradvec" lm train --corpus "$corpus" --pos "$pos" --steps "$steps" \
    --threads "$1" --quiet --output "$work/m.lm" "${extra[@]}" |
    sed -n 's/^trained .* | \([0-9.]*\) steps\/s .*/\1/p'
}
# torch_rate [ISA]: steps/s of one PyTorch run; with ISA, its kernels held to that instruction set
# as gradvec's are by GRADVEC_ISA: ATen's (ATEN_CPU_CAPABILITY), oneDNN's (ONEDNN_MAX_CPU_ISA)
# and OpenBLAS's (OPENBLAS_CORETYPE), so both run the code an AVX2 machine would run.
torch_rate() {
  local -a cap=()
  case ${1:-} in
    avx512) cap=(ATEN_CPU_CAPABILITY=avx512 ONEDNN_MAX_CPU_ISA=AVX512_CORE OPENBLAS_CORETYPE=SkylakeX) ;;
    avx2) cap=(ATEN_CPU_CAPABILITY=avx2 ONEDNN_MAX_CPU_ISA=AVX2 OPENBLAS_CORETYPE=Haswell) ;;
    baseline) cap=(ATEN_CPU_CAPABILITY=default ONEDNN_MAX_CPU_ISA=SSE41 OPENBLAS_CORETYPE=Prescott) ;;
  esac
  env "${cap[@]}" "$python" "$repo/bench/lm_torch.py" --corpus "$corpus" --pos "$pos" \
    --steps "$steps" "${extra[@]}" | sed -n 's/.* steps\/s \([0-9.]*\) .*/\1/p'
}

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
declare -A forced=() forced_torch=()  # ISA -> the 1-thread rates with it forced
ours=() theirs=() ours2=()
for ((rep = 1; rep <= reps; rep++)); do
  ours+=("$(gradvec_rate 1)")
  theirs+=("$(torch_rate)")
  ours2+=("$(gradvec_rate 2)")
  echo "$script: round $rep/$reps: gradvec ${ours[-1]}, PyTorch ${theirs[-1]}, gradvec 2 threads ${ours2[-1]} steps/s" >&2
  for isa in "${isas[@]}"; do
    forced[$isa]+="$(gradvec_rate 1 "$isa") "
    forced_torch[$isa]+="$(torch_rate "$isa") "
    echo "$script: round $rep/$reps: $isa forced: gradvec $(echo ${forced[$isa]} | awk '{print $NF}'), PyTorch $(echo ${forced_torch[$isa]} | awk '{print $NF}') steps/s" >&2
  done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)

echo "Machine: $(nproc) CPUs ($(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)); load average $load_before before, $load_after after."
echo "gradvec $("$gradvec" --version | tail -n 1)."
echo "PyTorch $("$python" -c 'import torch; print(torch.__version__)'), BLAS behind libblas.so.3: $blas, OPENBLAS_NUM_THREADS=$OPENBLAS_NUM_THREADS."
echo "Model: the lm train defaults, --pos $pos${EXTRA:+ $EXTRA}; $steps steps a run, median of $reps rounds."
echo
forced_args=()
for isa in "${isas[@]}"; do forced_args+=("$isa=${forced[$isa]}=${forced_torch[$isa]}"); done
"$python" - "${ours[*]}" "${theirs[*]}" "${ours2[*]}" "${forced_args[@]}" <<'PY'
import statistics
import sys

ours, theirs, ours2 = (statistics.median(map(float, arg.split())) for arg in sys.argv[1:4])
print("| | steps/s | gradvec ÷ PyTorch |")
print("|---|---|---|")
print(f"| gradvec, 1 thread | {ours:.2f} | **{ours / theirs:.2f}×** |")
print(f"| PyTorch, 1 thread | {theirs:.2f} | |")
for arg in sys.argv[4:]:
    isa, rates, torch_rates = arg.split("=")
    rate = statistics.median(map(float, rates.split()))
    torch_rate = statistics.median(map(float, torch_rates.split()))
    print(f"| gradvec, 1 thread, {isa} forced | {rate:.2f} | **{rate / torch_rate:.2f}×** |")
    print(f"| PyTorch, 1 thread, {isa} forced | {torch_rate:.2f} | |")
print(f"| gradvec, 2 threads | {ours2:.2f} | {ours2 / ours:.2f}× its 1 thread |")
PY
