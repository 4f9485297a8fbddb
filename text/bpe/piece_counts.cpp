#include "text/bpe/piece_counts.h"

#include <functional>

namespace gv::bpe {

void PieceCounts::add(std::string_view piece, int64_t count) {
  const uint64_t hash = std::hash<std::string_view>()(piece);
  const size_t mask = slots_.size() - 1;
  for (size_t at = hash & mask;; at = (at + 1) & mask) {
    Slot& slot = slots_[at];
    if (slot.offset == kEmpty) {
      slot = {hash, bytes_.size(), piece.size(), count};
      bytes_.append(piece);
      // At most half full, so that a probe meets an empty slot soon.
      if (++size_ * 2 > slots_.size()) grow();
      return;
    }
    if (slot.hash == hash && slot.length == piece.size() &&
        std::string_view(bytes_).substr(slot.offset, slot.length) == piece) {
      slot.count += count;
      return;
    }
  }
}

void PieceCounts::grow() {
  std::vector<Slot> old(slots_.size() * 2);
  old.swap(slots_);
  const size_t mask = slots_.size() - 1;
  for (const Slot& slot : old) {
    if (slot.offset == kEmpty) continue;
    size_t at = slot.hash & mask;
    while (slots_[at].offset != kEmpty) at = (at + 1) & mask;
    slots_[at] = slot;
  }
}

}  // namespace gv::bpe
