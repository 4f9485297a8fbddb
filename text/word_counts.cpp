#include "text/word_counts.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "io/printable.h"
#include "text/word_hash.h"

namespace gv {

namespace {

constexpr size_t kMinSlots = 16;
// A core's share of cache on most machines: 1 MiB of L2 (Intel since Skylake-SP; Zen 4).
constexpr size_t kCacheBytes = size_t{1} << 20;

}  // namespace

WordCounts::WordCounts(int64_t limit) : limit_(limit) {
  if (limit < 0) {
    throw std::invalid_argument("word counts: the limit must be 0 (none) or positive, got " +
                                std::to_string(limit));
  }
  rehash(kMinSlots);
}

WordCounts::WordCounts(std::initializer_list<std::pair<std::string_view, WordCount>> entries)
    : WordCounts(kNoLimit) {
  for (const auto& [word, seen] : entries) {
    if (!insert(word, seen)) {
      throw std::invalid_argument("word counts: '" + quoted_input(word) + "' is given twice");
    }
  }
}

int32_t WordCounts::count(std::string_view word) {
  return count(word, word_hash(word));
}

void WordCounts::count(std::span<const std::string_view> words, std::span<int32_t> indices) {
  constexpr size_t kBatch = 32;
  uint64_t hashes[kBatch];
  for (size_t start = 0; start < words.size(); start += kBatch) {
    const std::span<const std::string_view> batch =
        words.subspan(start, std::min(kBatch, words.size() - start));
    // Three rounds of prefetches, each reading what the one before brought in: the home slots,
    // then the entries they name, then those entries' bytes. Only hints: counting below looks
    // each word up in full, whatever an insertion or a prune has moved meanwhile.
    for (size_t i = 0; i < batch.size(); ++i) {
      hashes[i] = word_hash(batch[i]);
      __builtin_prefetch(&slots_[hashes[i] & mask_]);
    }
    for (size_t i = 0; i < batch.size(); ++i) {
      const Slot slot = slots_[hashes[i] & mask_];
      if (slot.entry >= 0) __builtin_prefetch(&entries_[static_cast<size_t>(slot.entry)]);
    }
    for (size_t i = 0; i < batch.size(); ++i) {
      const Slot slot = slots_[hashes[i] & mask_];
      if (slot.entry >= 0 && slot.hash_bits == static_cast<uint32_t>(hashes[i] >> 32)) {
        __builtin_prefetch(bytes_.data() + entries_[static_cast<size_t>(slot.entry)].offset);
      }
    }
    for (size_t i = 0; i < batch.size(); ++i) indices[start + i] = count(batch[i], hashes[i]);
  }
}

bool WordCounts::batches_pay() const {
  return slots_.size() * sizeof(Slot) + entries_.size() * sizeof(Stored) + bytes_.size() >
         kCacheBytes;
}

int32_t WordCounts::count(std::string_view word, uint64_t hash) {
  Slot& slot = slot_for(word, hash);
  ++tokens_;
  if (slot.entry >= 0) {
    ++entries_[slot.entry].seen.count;
    return slot.entry;
  }
  append(slot, hash, word, {1, tokens_ - 1});
  return static_cast<int32_t>(entries_.size() - 1);
}

bool WordCounts::insert(std::string_view word, WordCount seen) {
  const uint64_t hash = word_hash(word);
  Slot& slot = slot_for(word, hash);
  if (slot.entry >= 0) return false;
  append(slot, hash, word, seen);
  return true;
}

int32_t WordCounts::add(std::string_view word, WordCount seen) {
  const uint64_t hash = word_hash(word);
  Slot& slot = slot_for(word, hash);
  if (slot.entry < 0) {
    append(slot, hash, word, seen);
    return static_cast<int32_t>(entries_.size() - 1);
  }
  WordCount& total = entries_[slot.entry].seen;
  total.count += seen.count;
  total.first = std::min(total.first, seen.first);
  return slot.entry;
}

void WordCounts::merge(const WordCounts& later, std::span<int32_t> indices) {
  size_t i = 0;
  for (const auto& [word, seen] : later) {
    const int32_t index = add(word, {seen.count, tokens_ + seen.first});
    if (!indices.empty()) indices[i] = index;
    ++i;
  }
  tokens_ += later.tokens_;
}

const WordCount* WordCounts::find(std::string_view word) const {
  const uint64_t hash = word_hash(word);
  const auto bits = static_cast<uint32_t>(hash >> 32);
  for (uint64_t i = hash & mask_;; i = (i + 1) & mask_) {
    const Slot slot = slots_[i];
    if (slot.entry < 0) return nullptr;
    const Stored& stored = entries_[slot.entry];
    if (slot.hash_bits == bits && word_of(stored) == word) return &stored.seen;
  }
}

bool WordCounts::operator==(const WordCounts& other) const {
  if (size() != other.size()) return false;
  for (const auto& [word, seen] : *this) {
    const WordCount* theirs = other.find(word);
    if (theirs == nullptr || !(*theirs == seen)) return false;
  }
  return true;
}

WordCounts::Entry WordCounts::entry(size_t index) const {
  const Stored& stored = entries_[index];
  return {word_of(stored), stored.seen};
}

std::string_view WordCounts::word_of(const Stored& stored) const {
  return {bytes_.data() + stored.offset, static_cast<size_t>(stored.size)};
}

WordCounts::Slot& WordCounts::slot_for(std::string_view word, uint64_t hash) {
  const auto bits = static_cast<uint32_t>(hash >> 32);
  for (uint64_t i = hash & mask_;; i = (i + 1) & mask_) {
    Slot& slot = slots_[i];
    if (slot.entry < 0) return slot;
    if (slot.hash_bits == bits && word_of(entries_[slot.entry]) == word) return slot;
  }
}

void WordCounts::append(Slot& slot, uint64_t hash, std::string_view word, WordCount seen) {
  if (entries_.size() >= static_cast<size_t>(std::numeric_limits<int32_t>::max())) {
    throw std::length_error("word counts: more than 2^31 - 1 distinct words; set a limit");
  }
  slot = {static_cast<uint32_t>(hash >> 32), static_cast<int32_t>(entries_.size())};
  entries_.push_back(
      {static_cast<int64_t>(bytes_.size()), static_cast<int64_t>(word.size()), seen});
  bytes_.append(word);
  if (limit_ != kNoLimit && size() > limit_) prune();
  if (2 * entries_.size() > slots_.size()) rehash(2 * slots_.size());  // at most half full
}

void WordCounts::prune() {
  // Survivors move towards the front, so both arrays compact in place, keeping their order.
  size_t kept = 0;
  int64_t kept_bytes = 0;
  for (const Stored& stored : entries_) {
    if (stored.seen.count <= threshold_) continue;
    std::memmove(bytes_.data() + kept_bytes, bytes_.data() + stored.offset,
                 static_cast<size_t>(stored.size));
    entries_[kept++] = {kept_bytes, stored.size, stored.seen};
    kept_bytes += stored.size;
  }
  entries_.resize(kept);
  bytes_.resize(static_cast<size_t>(kept_bytes));
  ++threshold_;
  rehash(slots_.size());
}

void WordCounts::rehash(size_t slot_count) {
  slots_.assign(std::max(kMinSlots, std::bit_ceil(slot_count)), Slot{});
  mask_ = slots_.size() - 1;
  for (size_t e = 0; e < entries_.size(); ++e) {
    const uint64_t hash = word_hash(word_of(entries_[e]));
    for (uint64_t i = hash & mask_;; i = (i + 1) & mask_) {
      if (slots_[i].entry < 0) {
        slots_[i] = {static_cast<uint32_t>(hash >> 32), static_cast<int32_t>(e)};
        break;
      }
    }
  }
}

}  // namespace gv
