#include "embeddings/bpe/merge_table.h"

#include <bit>

namespace gv::bpe {

MergeTable::MergeTable(size_t merges)
    : entries_(std::bit_ceil(2 * merges + 2)), mask_(entries_.size() - 1) {}

std::optional<int32_t> MergeTable::insert(uint64_t key, int32_t made) {
  for (size_t slot = home(key);; slot = (slot + 1) & mask_) {
    Entry& entry = entries_[slot];
    if (entry.key == key) return entry.made;
    if (entry.key == kEmpty) {
      entry = {key, made};
      return std::nullopt;
    }
  }
}

}  // namespace gv::bpe
