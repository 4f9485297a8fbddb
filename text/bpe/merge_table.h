// The token each merged pair makes, looked up once per adjacent pair of every piece encoded, so
// it is an open-addressing table sized once for its merges: one probe, in one array, finds most
// pairs, and most pairs looked up are in no merge at all.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace gv::bpe {

class MergeTable {
 public:
  // Room for `merges` pairs, the table at most half full.
  explicit MergeTable(size_t merges = 0);
  // The bytes of a table with room for `merges` pairs.
  static size_t bytes_for(size_t merges);

  // Adds key -> made; returns the token already there instead if `key` is in the table.
  std::optional<int32_t> insert(uint64_t key, int32_t made);
  std::optional<int32_t> find(uint64_t key) const {
    for (size_t slot = home(key);; slot = (slot + 1) & mask_) {
      const Entry& entry = entries_[slot];
      if (entry.key == key) return entry.made;
      if (entry.key == kEmpty) return std::nullopt;
    }
  }

 private:
  // No pair of token ids (each in [0, 2^31)) has this key.
  static constexpr uint64_t kEmpty = ~uint64_t{0};
  struct Entry {
    uint64_t key = kEmpty;
    int32_t made = 0;
  };

  size_t home(uint64_t key) const {
    return static_cast<size_t>((key * 0x9E3779B97F4A7C15ull) >> 32) & mask_;
  }

  std::vector<Entry> entries_;
  size_t mask_;
};

}  // namespace gv::bpe
