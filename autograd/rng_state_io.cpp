#include "autograd/rng_state_io.h"

#include <cmath>
#include <cstdint>

namespace gv {

namespace {

// Rng::normal()'s Box-Muller radius sqrt(-2 ln(1 - u)) for a uniform u of 53 bits is at most
// sqrt(2 ln 2^53) = 8.57, so no normal it caches is larger.
constexpr double kMaxNormal = 9.0;

}  // namespace

void write_rng_state(TensorWriter& w, const Rng::State& state) {
  for (const uint64_t word : state.words) w.pod(word);
  w.pod(state.cached_normal);
  w.pod(static_cast<uint8_t>(state.has_cached_normal));
}

Rng::State read_rng_state(TensorReader& r, const std::string& owner) {
  Rng::State state{};
  bool all_zero = true;
  for (uint64_t& word : state.words)
    all_zero = (word = r.pod<uint64_t>("progress")) == 0 && all_zero;
  if (all_zero) r.fail(owner + "random state is all zero, a state its generator never reaches");
  state.cached_normal = r.pod<double>("progress");
  r.require_field(std::abs(state.cached_normal) <= kMaxNormal, owner + "cached normal",
                  "finite and at most " + value_str(kMaxNormal) + " in magnitude",
                  state.cached_normal);
  const auto has_cached_normal = r.pod<uint8_t>("progress");
  r.require_field(has_cached_normal <= 1, owner + "has cached normal", "0 or 1",
                  int{has_cached_normal});
  state.has_cached_normal = has_cached_normal != 0;
  return state;
}

}  // namespace gv
