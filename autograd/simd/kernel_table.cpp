#include "autograd/simd/kernel_table.h"

namespace gv {

// Each defined by simd/isa/kernel_table_entries.cpp, compiled once per variant into its namespace.
namespace baseline {
extern const KernelTable kKernelTable;
}
#if defined(GRADVEC_X86_VARIANTS)
namespace avx2 {
extern const KernelTable kKernelTable;
}
namespace avx512 {
extern const KernelTable kKernelTable;
}
#endif

const KernelTable* kernels_for(Isa isa) {
  if (!isa_available(isa)) return nullptr;
  switch (isa) {
#if defined(GRADVEC_X86_VARIANTS)
    case Isa::avx512:
      return &avx512::kKernelTable;
    case Isa::avx2:
      return &avx2::kKernelTable;
#endif
    default:
      return &baseline::kKernelTable;
  }
}

const KernelTable& kernels() {
  static const KernelTable& table = *kernels_for(active_isa());
  return table;
}

}  // namespace gv
