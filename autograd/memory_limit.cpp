#include "autograd/memory_limit.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <sstream>

#include "autograd/machine.h"

namespace gv {

namespace {

// A limit of `bytes` from `source` replaces `limit` if it is lower (0 means none).
void lower_to(MemoryLimit& limit, double bytes, std::string source) {
  if (bytes > 0 && (limit.bytes <= 0 || bytes < limit.bytes)) limit = {bytes, std::move(source)};
}

void lower_to_rlimit(MemoryLimit& limit, int resource, const char* source) {
  rlimit value{};
  if (getrlimit(resource, &value) == 0 && value.rlim_cur != RLIM_INFINITY) {
    lower_to(limit, double(value.rlim_cur), source);
  }
}

// The number file `path` holds, or 0 when it is missing or says "max".
double limit_in(const std::filesystem::path& path) {
  std::ifstream file(path);
  std::string text;
  if (!(file >> text)) return 0;
  uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() ? double(value) : 0.0;
}

// The smallest limit in `file` in directory `top` and in each directory down to `top/relative`.
void lower_along(MemoryLimit& limit, const std::filesystem::path& top, std::string_view relative,
                 const std::string& file) {
  std::filesystem::path directory = top;
  lower_to(limit, limit_in(directory / file), "the cgroup's " + file);
  for (const std::filesystem::path& part : std::filesystem::path(relative).relative_path()) {
    directory /= part;
    lower_to(limit, limit_in(directory / file), "the cgroup's " + file);
  }
}

// Whether a v1 hierarchy's comma-separated controllers include the memory controller.
bool names_memory(std::string_view controllers) {
  for (size_t start = 0; start <= controllers.size();) {
    const size_t end = std::min(controllers.find(',', start), controllers.size());
    if (controllers.substr(start, end - start) == "memory") return true;
    start = end + 1;
  }
  return false;
}

}  // namespace

std::string MemoryLimit::describe() const {
  if (source.empty()) return "this machine has " + gigabytes(bytes);
  return "this process may use " + gigabytes(bytes) + " (" + source + ")";
}

MemoryLimit cgroup_memory_limit(std::string_view proc_self_cgroup,
                                const std::filesystem::path& root) {
  MemoryLimit limit;
  std::istringstream lines{std::string(proc_self_cgroup)};
  // Each line is "ID:CONTROLLERS:PATH": v2's has ID 0 and no controllers, v1's name theirs.
  for (std::string line; std::getline(lines, line);) {
    const size_t first = line.find(':'), second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    const std::string_view controllers =
        std::string_view(line).substr(first + 1, second - first - 1);
    const std::string_view path = std::string_view(line).substr(second + 1);
    if (controllers.empty()) {
      lower_along(limit, root, path, "memory.max");
    } else if (names_memory(controllers)) {
      lower_along(limit, root / "memory", path, "memory.limit_in_bytes");
    }
  }
  return limit;
}

MemoryLimit memory_limit() {
  MemoryLimit limit;
  lower_to(limit, double(sysconf(_SC_PHYS_PAGES)) * double(sysconf(_SC_PAGE_SIZE)), "");
  lower_to_rlimit(limit, RLIMIT_AS, "ulimit -v");
  lower_to_rlimit(limit, RLIMIT_DATA, "ulimit -d");
  std::ifstream file("/proc/self/cgroup");
  const std::string cgroups((std::istreambuf_iterator<char>(file)), {});
  const MemoryLimit cgroup = cgroup_memory_limit(cgroups, "/sys/fs/cgroup");
  lower_to(limit, cgroup.bytes, cgroup.source);
  return limit;
}

}  // namespace gv
