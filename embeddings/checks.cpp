#include "embeddings/checks.h"

#include <stdexcept>
#include <string>

namespace gv {

void require_positive(const char* module, const char* what, int64_t value) {
  if (value <= 0) {
    throw std::invalid_argument(std::string(module) + ": " + what + " must be positive, got " +
                                std::to_string(value));
  }
}

void require_even_dim(const char* module, int64_t dim) {
  if (dim % 2 != 0) {
    throw std::invalid_argument(std::string(module) +
                                ": dim must be even (dimensions work in sin/cos pairs), got " +
                                std::to_string(dim));
  }
}

void require_length(const char* module, int64_t length, int64_t max_len) {
  if (length < 1 || length > max_len) {
    throw std::out_of_range(std::string(module) + ": sequence length " + std::to_string(length) +
                            " is outside [1, max_len = " + std::to_string(max_len) + "]");
  }
}

}  // namespace gv
