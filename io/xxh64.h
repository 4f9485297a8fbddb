// XXH64 (Yann Collet's xxHash, 64-bit, seed 0), streamed: what a corpus fingerprint hashes
// (fingerprint.h). Its published values for "" and "abc" are in the tests.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>

namespace gv {

// Four lanes over 32-byte stripes, then the tail.
class Xxh64 {
 public:
  static constexpr int64_t kStripeBytes = 32;

  // `n` a multiple of kStripeBytes.
  void stripes(const char* data, int64_t n) {
    for (int64_t at = 0; at < n; at += kStripeBytes) {
      for (int lane = 0; lane < 4; ++lane)
        lanes_[lane] = round(lanes_[lane], read64(data + at + 8 * lane));
    }
    striped_ += n;
  }

  // The hash of everything passed to stripes() followed by `data`, of any length.
  uint64_t finish_with(const char* data, int64_t n) {
    const int64_t striped = n - n % kStripeBytes;
    stripes(data, striped);
    return finish(data + striped, n - striped);
  }

  // The hash of everything passed to stripes() followed by `tail` (fewer than 32 bytes).
  uint64_t finish(const char* tail, int64_t n) const {
    uint64_t h = kPrime5;
    if (striped_ > 0) {
      h = std::rotl(lanes_[0], 1) + std::rotl(lanes_[1], 7) + std::rotl(lanes_[2], 12) +
          std::rotl(lanes_[3], 18);
      for (uint64_t lane : lanes_) h = (h ^ round(0, lane)) * kPrime1 + kPrime4;
    }
    h += static_cast<uint64_t>(striped_ + n);
    int64_t at = 0;
    for (; at + 8 <= n; at += 8)
      h = std::rotl(h ^ round(0, read64(tail + at)), 27) * kPrime1 + kPrime4;
    if (at + 4 <= n) {
      uint32_t word;
      std::memcpy(&word, tail + at, sizeof word);
      h = std::rotl(h ^ (uint64_t{word} * kPrime1), 23) * kPrime2 + kPrime3;
      at += 4;
    }
    for (; at < n; ++at) {
      h = std::rotl(h ^ (uint64_t{static_cast<unsigned char>(tail[at])} * kPrime5), 11) * kPrime1;
    }
    h = (h ^ (h >> 33)) * kPrime2;
    h = (h ^ (h >> 29)) * kPrime3;
    return h ^ (h >> 32);
  }

 private:
  static constexpr uint64_t kPrime1 = 0x9E3779B185EBCA87ULL;
  static constexpr uint64_t kPrime2 = 0xC2B2AE3D27D4EB4FULL;
  static constexpr uint64_t kPrime3 = 0x165667B19E3779F9ULL;
  static constexpr uint64_t kPrime4 = 0x85EBCA77C2B2AE63ULL;
  static constexpr uint64_t kPrime5 = 0x27D4EB2F165667C5ULL;

  static uint64_t read64(const char* p) {
    uint64_t word;  // little-endian, as xxHash reads it (tensor files already require that)
    std::memcpy(&word, p, sizeof word);
    return word;
  }
  static uint64_t round(uint64_t acc, uint64_t input) {
    return std::rotl(acc + input * kPrime2, 31) * kPrime1;
  }

  // The seed-0 starting lanes.
  uint64_t lanes_[4] = {kPrime1 + kPrime2, kPrime2, 0, 0 - kPrime1};
  int64_t striped_ = 0;
};

}  // namespace gv
