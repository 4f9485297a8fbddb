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

  // Inline: the trainer draws several numbers per word, and a call each would show.
  uint64_t next_u64() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  // Uniform integer in [0, n), n > 0 (Lemire's multiply-shift; bias < 2^-32 for our n).
  uint64_t below(uint64_t n) {
    return static_cast<uint64_t>((__uint128_t{next_u64() >> 32} * n) >> 32);
  }
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
  static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  uint64_t s_[4];
  double cached_normal_ = 0.0;
  bool has_cached_normal_ = false;
};

}  // namespace gv
