// MemoryLimit: how much memory this process may use, and what sets that bound. The machine's
// physical memory is only one bound: `ulimit -v` (RLIMIT_AS), `ulimit -d` (RLIMIT_DATA) and a
// container's cgroup memory limit are others, often far lower, and what a size must fit in is
// the smallest of them.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace gv {

struct MemoryLimit {
  double bytes = 0;    // 0 when nothing says
  std::string source;  // what sets it: "" for physical memory, else e.g. "ulimit -v"

  // "this machine has 25.3 GB", or "this process may use 2.0 GB (ulimit -v)".
  std::string describe() const;
};

// The smallest of physical memory, RLIMIT_AS, RLIMIT_DATA and the cgroup's limit.
MemoryLimit memory_limit();

// The memory limit of the cgroup that `proc_self_cgroup` (the text of /proc/self/cgroup) names,
// read from the hierarchy mounted at `root` (/sys/fs/cgroup), or 0 when it has none: cgroup v2's
// memory.max ("max" is none) or v1's memory.limit_in_bytes, the smallest along the path from the
// process's cgroup up to the root, since every ancestor's limit holds too.
MemoryLimit cgroup_memory_limit(std::string_view proc_self_cgroup,
                                const std::filesystem::path& root);

}  // namespace gv
