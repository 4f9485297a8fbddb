// An optimizer's state in a tensor file (autograd/tensor_io.h), as checkpoints store it to resume
// the same updates: count n, n tensors (Adagrad's sums of squares, Adam's moments), count m, m
// int64 step counters.
#pragma once

#include <cstdint>
#include <string>

#include "autograd/optim.h"
#include "autograd/tensor_io.h"

namespace gv {

void write_optimizer_state(TensorWriter& w, const Optimizer::State& state);

// Each tensor's floats finite (TensorReader::floats: "<name> state T row R: value K is NaN or
// infinite", a NaN a resumed run would take for a divergence), each step counter in
// [0, most_steps] (`steps_bound` says why, after the range). The shapes are the optimizer's to
// check (Optimizer::load_state). Throws as TensorReader::fail.
Optimizer::State read_optimizer_state(TensorReader& r, const std::string& name, int64_t most_steps,
                                      const std::string& steps_bound);

}  // namespace gv
