#include "tools/launched_ranks.h"

#include <stdexcept>
#include <string>

#include "autograd/mpi_launch.h"

namespace gv::tools {

void refuse_launched_ranks(std::string_view why, std::string_view work,
                           std::string_view next_step) {
  const MpiLaunch launch = mpi_launch();
  if (launch.ranks <= 1) return;
  throw std::runtime_error(std::string(why) + ", so the " + std::to_string(launch.ranks) +
                           " processes an MPI launcher started would each " + std::string(work) +
                           " alone; " + std::string(next_step));
}

}  // namespace gv::tools
