// Random byte strings for the BPE tests: any bytes, or bytes drawn from an alphabet.
#pragma once

#include <random>
#include <string>

namespace gv::testing {

// Up to `max_length` bytes, each any byte, or one of `alphabet` when it is not empty.
inline std::string random_bytes(std::mt19937& rng, size_t max_length,
                                const std::string& alphabet = {}) {
  std::uniform_int_distribution<size_t> length(0, max_length);
  std::uniform_int_distribution<int> byte(0, 255);
  std::string text(length(rng), '\0');
  for (char& c : text) {
    c = alphabet.empty() ? static_cast<char>(byte(rng))
                         : alphabet[static_cast<size_t>(byte(rng)) % alphabet.size()];
  }
  return text;
}

}  // namespace gv::testing
