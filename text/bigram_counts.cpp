#include "text/bigram_counts.h"

#include "text/word_hash.h"

namespace gv {

// The keys' low bits are one word id's low bits, and frequent words have small ids: a slot index
// taken straight from them would pile pairs into a few runs, so mix_bits spreads every key bit
// over the index bits.
size_t BigramCounts::find(uint64_t key) const {
  for (uint64_t i = mix_bits(key) & mask_;; i = (i + 1) & mask_) {
    const uint64_t held = slots_[i].key;
    if (held == key || held == kEmpty) return i;
  }
}

void BigramCounts::add(uint64_t key, int64_t count) {
  // Kept at most 3/4 full: linear probing stays short, and a slot costs 16 bytes, so a
  // sparser table would cost memory that a billion-word corpus's pairs need.
  if (4 * (size_ + 1) > 3 * static_cast<int64_t>(slots_.size())) grow();
  Slot& slot = slots_[find(key)];
  if (slot.key == kEmpty) {
    slot.key = key;
    ++size_;
  }
  slot.count += count;
}

void BigramCounts::merge(const BigramCounts& other) {
  other.for_each([this](uint64_t key, int64_t count) { add(key, count); });
}

int64_t BigramCounts::count(uint64_t key) const {
  if (slots_.empty()) return 0;
  return slots_[find(key)].count;  // an empty slot's count is 0
}

void BigramCounts::grow() {
  std::vector<Slot> old = std::move(slots_);
  slots_.assign(old.empty() ? 16 : 2 * old.size(), Slot{});
  mask_ = slots_.size() - 1;
  for (const Slot& slot : old) {
    if (slot.key != kEmpty) slots_[find(slot.key)] = slot;
  }
}

}  // namespace gv
