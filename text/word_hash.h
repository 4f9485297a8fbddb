// The hash the word tables (WordCounts while counting, WordIndex while training) place words by.
//
// Every token of the corpus is hashed twice, once per pass, so the hash is inline and reads a
// word in at most two loads when it is shorter than 8 bytes (most are), where std::hash's
// out-of-line byte loop cost as much as the probe it served. Neither table's contents or order
// depends on it: they only place words in slots, and look them up again by full comparison.
#pragma once

#include <cstdint>
#include <cstring>
#include <string_view>

namespace gv {

// MurmurHash3's 64-bit finaliser: every input bit reaches every output bit, so a table may take
// its slot from the low bits and its tag from the high ones.
inline uint64_t mix_bits(uint64_t key) {
  key ^= key >> 33;
  key *= 0xFF51AFD7ED558CCDull;
  key ^= key >> 33;
  key *= 0xC4CEB9FE1A85EC53ull;
  key ^= key >> 33;
  return key;
}

namespace word_hash_detail {
inline uint64_t load64(const char* p) {
  uint64_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
inline uint64_t load32(const char* p) {
  uint32_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
}  // namespace word_hash_detail

// 8 bytes at a time, each chunk folded in by a multiply; a last partial chunk is read as
// overlapping loads (two 4-byte ones for 4-7 bytes, three single bytes for 1-3), so no byte
// loop runs. The length is mixed in, so words that differ only by trailing overlap differ.
inline uint64_t word_hash(std::string_view word) {
  using word_hash_detail::load32;
  using word_hash_detail::load64;
  constexpr uint64_t kOdd = 0x9E3779B97F4A7C15ull;  // 2^64 / golden ratio, odd
  const char* p = word.data();
  size_t n = word.size();
  uint64_t h = n * kOdd;
  for (; n > 8; n -= 8, p += 8) h = (h ^ load64(p)) * kOdd;
  uint64_t last;
  if (n == 8) {
    last = load64(p);
  } else if (n >= 4) {
    last = load32(p) | load32(p + n - 4) << 32;
  } else if (n > 0) {
    const auto byte = [&](size_t i) { return static_cast<uint64_t>(static_cast<uint8_t>(p[i])); };
    last = byte(0) | byte(n / 2) << 8 | byte(n - 1) << 16;
  } else {
    last = 0;
  }
  return mix_bits((h ^ last) * kOdd);
}

}  // namespace gv
