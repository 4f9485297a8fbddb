#include "autograd/optimizer_state_io.h"

namespace gv {

namespace {

// The fewest bytes a tensor takes (its rank), to refuse impossible counts.
constexpr int64_t kMinTensorBytes = sizeof(uint32_t);

}  // namespace

void write_optimizer_state(TensorWriter& w, const Optimizer::State& state) {
  w.count(static_cast<int64_t>(state.tensors.size()));
  for (const Tensor& t : state.tensors) w.tensor(t);
  w.count(static_cast<int64_t>(state.counters.size()));
  for (const int64_t c : state.counters) w.pod(c);
}

Optimizer::State read_optimizer_state(TensorReader& r, const std::string& name, int64_t most_steps,
                                      const std::string& steps_bound) {
  Optimizer::State state;
  const int64_t tensors = r.count("optimizer state", kMinTensorBytes);
  for (int64_t t = 0; t < tensors; ++t)
    state.tensors.push_back(r.tensor((name + " state " + std::to_string(t)).c_str()));
  const int64_t counters = r.count("optimizer state", sizeof(int64_t));
  for (int64_t c = 0; c < counters; ++c) {
    state.counters.push_back(r.pod<int64_t>("optimizer state"));
    r.require_field(state.counters.back() >= 0 && state.counters.back() <= most_steps,
                    "optimizer step count", TensorReader::in_range(0, most_steps) + steps_bound,
                    state.counters.back());
  }
  return state;
}

}  // namespace gv
