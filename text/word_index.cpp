#include "text/word_index.h"

#include <algorithm>
#include <bit>
#include <limits>
#include <stdexcept>

#include "io/printable.h"
#include "text/word_hash.h"

namespace gv {

WordIndex::WordIndex(std::span<const std::string> words) {
  if (words.size() > static_cast<size_t>(std::numeric_limits<int32_t>::max())) {
    throw std::invalid_argument("word index: " + std::to_string(words.size()) +
                                " words is too many");
  }
  // At most half full, so an unsuccessful probe ends after two slots on average.
  slots_.resize(std::bit_ceil(std::max<size_t>(8, 2 * words.size())));
  mask_ = slots_.size() - 1;
  for (size_t id = 0; id < words.size(); ++id) {
    const uint64_t hash = word_hash(words[id]);
    for (uint64_t i = hash & mask_;; i = (i + 1) & mask_) {
      Slot& slot = slots_[i];
      if (slot.id < 0) {
        slot = {static_cast<uint32_t>(hash >> 32), static_cast<int32_t>(id)};
        break;
      }
      if (words[slot.id] == words[id]) {
        throw std::invalid_argument("word index: '" + quoted_input(words[id]) + "' occurs twice");
      }
    }
  }
}

int64_t WordIndex::find(std::string_view word, std::span<const std::string> words) const {
  return find(word, word_hash(word), words);
}

int64_t WordIndex::find(std::string_view word, uint64_t hash,
                        std::span<const std::string> words) const {
  if (slots_.empty()) return -1;
  const auto bits = static_cast<uint32_t>(hash >> 32);
  for (uint64_t i = hash & mask_;; i = (i + 1) & mask_) {
    const Slot slot = slots_[i];
    if (slot.id < 0) return -1;
    if (slot.hash_bits == bits && words[slot.id] == word) return slot.id;
  }
}

void WordIndex::find(std::span<const std::string_view> queries, std::span<const std::string> words,
                     std::span<int64_t> ids) const {
  if (slots_.empty()) {  // indexes no word
    std::fill(ids.begin(), ids.end(), -1);
    return;
  }
  constexpr size_t kBatch = 32;
  uint64_t hashes[kBatch];
  for (size_t start = 0; start < queries.size(); start += kBatch) {
    const size_t n = std::min(kBatch, queries.size() - start);
    const std::string_view* batch = queries.data() + start;
    // Two rounds of prefetches, each reading what the one before brought in: the home slots,
    // then the words they name (a short word's bytes lie in its std::string). Only hints: the
    // lookups below are find()'s.
    for (size_t i = 0; i < n; ++i) {
      hashes[i] = word_hash(batch[i]);
      __builtin_prefetch(&slots_[hashes[i] & mask_]);
    }
    for (size_t i = 0; i < n; ++i) {
      const Slot slot = slots_[hashes[i] & mask_];
      if (slot.id >= 0) __builtin_prefetch(&words[static_cast<size_t>(slot.id)]);
    }
    for (size_t i = 0; i < n; ++i) ids[start + i] = find(batch[i], hashes[i], words);
  }
}

}  // namespace gv
