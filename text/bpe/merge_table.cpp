#include "text/bpe/merge_table.h"

#include <bit>

namespace gv::bpe {

namespace {

size_t slots_for(size_t merges) {
  return std::bit_ceil(2 * merges + 2);
}

}  // namespace

MergeTable::MergeTable(size_t merges) : entries_(slots_for(merges)), mask_(entries_.size() - 1) {}

size_t MergeTable::bytes_for(size_t merges) {
  return slots_for(merges) * sizeof(Entry);
}

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
