// The instruction sets gradvec's hot kernels are compiled for, and which one this process runs.
//
// One binary carries every variant (simd/isa/, compiled once per instruction set; see
// simd/kernel_table.h) and picks one at start-up from what the CPU reports, as OpenBLAS's
// DYNAMIC_ARCH does, so a portable build is as fast as one made with -march=native. The
// environment variable GRADVEC_ISA forces a variant, for comparing them on one machine.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gv {

// Widest last. baseline: x86-64's SSE2 (or whatever the compiler targets off x86); avx2: AVX2 with
// FMA, 16 vector registers of 8 floats; avx512: AVX-512 F/VL/BW/DQ, 32 registers of 16 floats.
enum class Isa { baseline, avx2, avx512 };

std::string_view isa_name(Isa isa);
std::optional<Isa> parse_isa(std::string_view name);

// Whether this build holds the variant and this CPU (and its operating system, which must save
// the wider registers) can run it.
bool isa_available(Isa isa);

// The variants isa_available says yes to, narrowest first.
std::vector<Isa> available_isas();

// The variant this process runs: GRADVEC_ISA when set, else the widest available. Read once;
// throws std::invalid_argument, in one line naming the value and what this CPU runs, when
// GRADVEC_ISA names no variant or one this CPU cannot run.
Isa active_isa();

// "kernels: avx2 (from the CPU, which runs baseline, avx2; GRADVEC_ISA=NAME forces one)", or
// "(forced by GRADVEC_ISA, ...)": what `gradvec --version` says.
std::string kernels_report();

}  // namespace gv
