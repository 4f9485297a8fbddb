// A random generator's state in a tensor file (autograd/tensor_io.h), as checkpoints store it to
// resume the exact same stream: 4 x uint64 words, double cached normal, uint8 has cached normal.
#pragma once

#include <string>

#include "autograd/rng.h"
#include "autograd/tensor_io.h"

namespace gv {

void write_rng_state(TensorWriter& w, const Rng::State& state);
// Refuses a state the generator never reaches: words all zero, a cached normal that is not finite
// or past what Rng::normal() can return, a flag other than 0 or 1. `owner` starts the fields'
// names in messages ("worker 0 " gives "worker 0 cached normal"; empty for a file's only one).
Rng::State read_rng_state(TensorReader& r, const std::string& owner);

}  // namespace gv
