#include "io/count_limit.h"

namespace gv {

std::string count_requirement(int64_t total) {
  return "in [1, " + std::to_string(kMaxTotalCount - total) +
         "] (counts add up to at most 2^44 tokens; those before it to " + std::to_string(total) +
         ")";
}

}  // namespace gv
