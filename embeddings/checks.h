// Argument checks shared by the positional modules, worded like every range error
// (autograd/require.h): "<module>: <what> must be ..., got <value>".
#pragma once

#include <cstdint>

namespace gv {

// Throws std::invalid_argument unless `dim` is even: sin/cos and rotations come in pairs.
void require_even_dim(const char* module, int64_t dim);
// Throws std::out_of_range naming max_len unless 1 <= length <= max_len.
void require_length(const char* module, int64_t length, int64_t max_len);

}  // namespace gv
