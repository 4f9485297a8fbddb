#include "autograd/simd/isa.h"

#include <cstdlib>
#include <stdexcept>

namespace gv {

std::string_view isa_name(Isa isa) {
  switch (isa) {
    case Isa::avx512:
      return "avx512";
    case Isa::avx2:
      return "avx2";
    case Isa::baseline:
      break;
  }
  return "baseline";
}

std::optional<Isa> parse_isa(std::string_view name) {
  for (const Isa isa : {Isa::baseline, Isa::avx2, Isa::avx512}) {
    if (name == isa_name(isa)) return isa;
  }
  return std::nullopt;
}

bool isa_available(Isa isa) {
  switch (isa) {
    case Isa::baseline:
      return true;
#if defined(GRADVEC_X86_VARIANTS)
    // The features each variant's compile flags enable (autograd/CMakeLists.txt). The builtin
    // checks the operating system's support for the registers as well as the CPU's.
    case Isa::avx2:
      return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    case Isa::avx512:
      return isa_available(Isa::avx2) && __builtin_cpu_supports("avx512f") &&
             __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw") &&
             __builtin_cpu_supports("avx512dq");
#else
    default:
      return false;
#endif
  }
  return false;
}

std::vector<Isa> available_isas() {
  std::vector<Isa> isas;
  for (const Isa isa : {Isa::baseline, Isa::avx2, Isa::avx512}) {
    if (isa_available(isa)) isas.push_back(isa);
  }
  return isas;
}

namespace {

std::string names(const std::vector<Isa>& isas) {
  std::string out;
  for (const Isa isa : isas) out += (out.empty() ? "" : ", ") + std::string(isa_name(isa));
  return out;
}

Isa choose_isa() {
  const std::vector<Isa> isas = available_isas();
  const char* forced = std::getenv("GRADVEC_ISA");
  if (!forced || !*forced) return isas.back();
  const std::optional<Isa> isa = parse_isa(forced);
  if (!isa) {
    throw std::invalid_argument(std::string("GRADVEC_ISA=") + forced +
                                " names no variant: it takes avx512, avx2 or baseline (this CPU "
                                "runs " +
                                names(isas) + ")");
  }
  if (!isa_available(*isa)) {
    throw std::invalid_argument(std::string("GRADVEC_ISA=") + forced + ": this CPU cannot run " +
                                std::string(isa_name(*isa)) + " code; it runs " + names(isas));
  }
  return *isa;
}

}  // namespace

Isa active_isa() {
  static const Isa isa = choose_isa();
  return isa;
}

std::string kernels_report() {
  const char* forced = std::getenv("GRADVEC_ISA");
  return "kernels: " + std::string(isa_name(active_isa())) +
         (forced && *forced ? " (forced by GRADVEC_ISA; this CPU runs "
                            : " (from the CPU, which runs ") +
         names(available_isas()) + "; GRADVEC_ISA=NAME forces one)";
}

}  // namespace gv
