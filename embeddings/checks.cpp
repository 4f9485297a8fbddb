#include "embeddings/checks.h"

#include <stdexcept>
#include <string>

#include "autograd/require.h"

namespace gv {

void require_even_dim(const char* module, int64_t dim) {
  require(dim % 2 == 0, std::string(module) + ": dim", "even (dimensions work in sin/cos pairs)",
          dim);
}

void require_length(const char* module, int64_t length, int64_t max_len) {
  if (length < 1 || length > max_len) {
    throw std::out_of_range(std::string(module) + ": sequence length " + std::to_string(length) +
                            " is outside [1, max_len = " + std::to_string(max_len) + "]");
  }
}

}  // namespace gv
