// advise_huge_pages: the 2 MB-aligned part of a region is marked for transparent huge pages, which
// /proc/self/smaps shows as the "hg" flag of the mapping that holds it.
#include <sys/mman.h>

#include <catch2/catch.hpp>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#include "autograd/machine.h"

namespace {

constexpr uintptr_t kHugePage = uintptr_t{1} << 21;

// The VmFlags line of the mapping holding `address`, from /proc/self/smaps.
std::string vm_flags_at(uintptr_t address) {
  std::ifstream smaps("/proc/self/smaps");
  bool inside = false;
  for (std::string line; std::getline(smaps, line);) {
    uintptr_t begin = 0, end = 0;
    char dash = 0;
    std::istringstream range(line);
    if (range >> std::hex >> begin >> dash >> end && dash == '-') {
      inside = begin <= address && address < end;
    } else if (inside && line.rfind("VmFlags:", 0) == 0) {
      return line + ' ';
    }
  }
  return "";
}

}  // namespace

TEST_CASE("advise_huge_pages marks the 2 MB-aligned part of a region, and nothing smaller") {
  constexpr size_t kBytes = 4 * kHugePage;
  void* mapped =
      ::mmap(nullptr, kBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  REQUIRE(mapped != MAP_FAILED);
  const auto start = reinterpret_cast<uintptr_t>(mapped);
  const uintptr_t aligned = (start + kHugePage - 1) & ~(kHugePage - 1);
  // Less than a huge page from an aligned address: no whole huge page to ask for.
  gv::advise_huge_pages(reinterpret_cast<void*>(aligned), kHugePage - 1);
  CHECK(vm_flags_at(aligned).find(" hg ") == std::string::npos);
  gv::advise_huge_pages(mapped, kBytes);
  CHECK(vm_flags_at(aligned).find(" hg ") != std::string::npos);
  CHECK(vm_flags_at(aligned + kHugePage).find(" hg ") != std::string::npos);
  ::munmap(mapped, kBytes);
}
