#include "autograd/mpi_launch.h"

#include <charconv>
#include <cstdlib>
#include <string_view>

namespace gv {

MpiLaunch mpi_launch() {
  MpiLaunch launch;
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE"}) {
    const char* value = std::getenv(name);
    if (value == nullptr) continue;
    launch.launched = true;
    const std::string_view text(value);
    int ranks = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), ranks);
    if (error == std::errc() && end == text.data() + text.size() && ranks > 0) launch.ranks = ranks;
    return launch;
  }
  launch.launched = std::getenv("PMIX_RANK") != nullptr;
  return launch;
}

}  // namespace gv
