#!/usr/bin/env bash
# isa_symbols.sh ISA OBJECT...: the objects of one variant of the kernels (autograd/simd/isa/)
# define no weak symbol outside their own namespace gv::ISA. A weak symbol (an inline function or
# template the compiler did not inline) is merged at link time with the same symbol from the
# other variants and from the portable code: the linker keeps one copy, perhaps one built for
# AVX-512, and a CPU without it would run it (autograd/simd/code_namespace.h).
set -uo pipefail
isa=$1
shift
command -v nm >/dev/null || { echo "FAIL: nm (binutils) is needed to read the objects"; exit 1; }
status=0
for object in "$@"; do
  # nm's types for weak definitions: W and V (weak), u (unique global); C++ names demangled.
  outside=$(nm -C --defined-only "$object" | awk '$2 ~ /^[WVu]$/' | grep -v "gv::$isa::")
  if [[ -n $outside ]]; then
    echo "FAIL: $object defines weak symbols outside gv::$isa:"
    echo "$outside"
    status=1
  fi
done
[[ $status -eq 0 ]] && echo "ok: $# objects of the $isa variant keep their weak symbols in gv::$isa"
exit $status
