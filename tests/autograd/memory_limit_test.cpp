// memory_limit(): the bound a size is checked against is the lowest any of the system's limits
// sets, a container's cgroup limit among them.
#include "autograd/memory_limit.h"

#include <sys/resource.h>

#include <catch2/catch.hpp>

#include "tests/scratch_dir.h"

using gv::cgroup_memory_limit;
using gv::MemoryLimit;
using gv::testing::ScratchDir;

namespace {

// Writes file `name` under `dir`, making the directories on its way (a cgroup tree).
void put(const ScratchDir& dir, const std::string& name, std::string_view text) {
  std::filesystem::create_directories(std::filesystem::path(dir.file(name)).parent_path());
  dir.write(name, text);
}

}  // namespace

TEST_CASE("A cgroup v2 limit is the lowest memory.max from the process's cgroup up to the root") {
  const ScratchDir dir("cgroup_v2");
  put(dir, "memory.max", "max\n");
  put(dir, "system.slice/memory.max", "4000000000\n");
  put(dir, "system.slice/job.scope/memory.max", "max\n");
  const MemoryLimit limit = cgroup_memory_limit("0::/system.slice/job.scope\n", dir.path());
  CHECK(limit.bytes == 4e9);
  CHECK(limit.source == "the cgroup's memory.max");
  CHECK(limit.describe() == "this process may use 4.0 GB (the cgroup's memory.max)");
  put(dir, "system.slice/job.scope/memory.max", "1500000000\n");
  CHECK(cgroup_memory_limit("0::/system.slice/job.scope\n", dir.path()).bytes == 1.5e9);
  // "max" everywhere, or no memory.max at all (the root, a namespace's "/"): no limit.
  CHECK(cgroup_memory_limit("0::/\n", dir.path()).bytes == 0);
  CHECK(cgroup_memory_limit("0::/other\n", dir.path() / "system.slice").bytes == 4e9);
  CHECK(cgroup_memory_limit("0::/none\n", dir.path() / "missing").bytes == 0);
}

TEST_CASE("A cgroup v1 limit is memory.limit_in_bytes in the memory controller's hierarchy") {
  const ScratchDir dir("cgroup_v1");
  // v1's "no limit" is a number past any machine's memory: it is never the lowest bound.
  put(dir, "memory/memory.limit_in_bytes", "9223372036854771712\n");
  put(dir, "memory/docker/abc/memory.limit_in_bytes", "536870912\n");
  put(dir, "cpu/docker/abc/memory.limit_in_bytes", "1\n");  // not the memory hierarchy
  const std::string cgroups = "4:cpu,cpuacct:/docker/abc\n3:memory:/docker/abc\n0::/\n";
  const MemoryLimit limit = cgroup_memory_limit(cgroups, dir.path());
  CHECK(limit.bytes == 536870912.0);
  CHECK(limit.source == "the cgroup's memory.limit_in_bytes");
  CHECK(cgroup_memory_limit("5:cpu,memory:/docker/abc\n", dir.path()).bytes == 536870912.0);
  CHECK(cgroup_memory_limit("5:memoryx:/docker/abc\n", dir.path()).bytes == 0);
}

TEST_CASE("The process's memory limit is at most its address-space limit") {
  rlimit address_space{};
  REQUIRE(getrlimit(RLIMIT_AS, &address_space) == 0);
  const MemoryLimit limit = gv::memory_limit();
  CHECK(limit.bytes > 0);
  if (address_space.rlim_cur != RLIM_INFINITY) CHECK(limit.bytes <= double(address_space.rlim_cur));
}
