#include "autograd/rng.h"

#include <cmath>
#include <numbers>

namespace gv {

namespace {
uint64_t splitmix64(uint64_t& x) {
  uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
}  // namespace

// The state is expanded from the seed with splitmix64, as xoshiro's authors recommend,
// so that nearby seeds (1, 2, 3, ...) give unrelated streams.
Rng::Rng(uint64_t seed) {
  for (uint64_t& word : s_) word = splitmix64(seed);
}

double Rng::normal() {
  if (has_cached_normal_) {
    has_cached_normal_ = false;
    return cached_normal_;
  }
  // 1 - u keeps the logarithm's argument in (0, 1].
  const double radius = std::sqrt(-2.0 * std::log(1.0 - uniform_double()));
  const double angle = 2.0 * std::numbers::pi * uniform_double();
  cached_normal_ = radius * std::sin(angle);
  has_cached_normal_ = true;
  return radius * std::cos(angle);
}

Rng::State Rng::state() const {
  return {{s_[0], s_[1], s_[2], s_[3]}, cached_normal_, has_cached_normal_};
}

void Rng::set_state(const State& state) {
  for (int i = 0; i < 4; ++i) s_[i] = state.words[i];
  cached_normal_ = state.cached_normal;
  has_cached_normal_ = state.has_cached_normal;
}

}  // namespace gv
