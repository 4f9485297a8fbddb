// Rng: a small, fast, seedable generator (xoshiro256**), identical on every platform.
//
// std::mt19937 is portable but std::*_distribution is not, and reproducible
// training (`--threads 1 --seed S` bit for bit) needs both halves to be ours.
#pragma once

#include <cstdint>

namespace gv {

class Rng {
 public:
  explicit Rng(uint64_t seed = 1);

  uint64_t next_u64();
  // Uniform integer in [0, n), n > 0 (Lemire's multiply-shift; bias < 2^-32 for our n).
  uint64_t below(uint64_t n) { return static_cast<uint64_t>((__uint128_t{next_u64() >> 32} * n) >> 32); }
  // Uniform float in [0, 1) with 24 random bits.
  float uniform() { return static_cast<float>(next_u64() >> 40) * 0x1.0p-24f; }
  // Uniform double in [0, 1) with 53 random bits.
  double uniform_double() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }
  // Standard normal by Box-Muller (one value per call; the pair's twin is cached).
  double normal();

  // The full generator state, so a checkpoint can resume the exact same stream.
  struct State {
    uint64_t words[4];
    double cached_normal;
    bool has_cached_normal;
  };
  State state() const;
  void set_state(const State& state);

 private:
  uint64_t s_[4];
  double cached_normal_ = 0.0;
  bool has_cached_normal_ = false;
};

}  // namespace gv
