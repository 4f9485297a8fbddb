// GV_CODE: the inline namespace that the inline kernels of kernels.h and ops/fast_exp.h compile
// into. A source of simd/isa/ is compiled once per instruction set with GV_ISA set to its name
// (avx512, avx2, baseline), so there they become gv::avx512::axpy and so on; everywhere else they
// are gv::portable::axpy. Without it, an inline function that one variant's object did not inline
// would be a weak symbol that the linker merges with the others' copies, and code built for
// AVX-512 could end up where a plain x86-64 caller runs it. The isa_symbols test checks the
// variants' objects for any other weak symbol.
#pragma once

#if defined(GV_ISA)
#define GV_CODE GV_ISA
#else
#define GV_CODE portable
#endif
