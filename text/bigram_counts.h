// BigramCounts: how often each pair of adjacent word ids occurs, in one flat table.
//
// A corpus of a billion words holds hundreds of millions of distinct bigrams, so the table is
// built for size: a pair's two ids are packed into one 64-bit key, and the keys and counts sit
// in one array probed linearly (open addressing, at most 3/4 full) rather than in a node per
// entry. No strings are joined to count a pair; `a_b` is spelled only when a phrase is written.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace gv {

class BigramCounts {
 public:
  // Ids are below 2^31 (WordIndex's limit), so no pair's key is the empty slot's all-ones key.
  static uint64_t key(int64_t first, int64_t second) {
    return (static_cast<uint64_t>(first) << 32) | static_cast<uint64_t>(second);
  }
  static int64_t first(uint64_t key) { return static_cast<int64_t>(key >> 32); }
  static int64_t second(uint64_t key) { return static_cast<int64_t>(key & 0xFFFFFFFFu); }

  // Adds `count` occurrences of the pair `key`.
  void add(uint64_t key, int64_t count = 1);
  // Adds every pair's count of `other`.
  void merge(const BigramCounts& other);
  // The pair's count, 0 for a pair never added.
  int64_t count(uint64_t key) const;
  // The number of distinct pairs.
  int64_t size() const { return size_; }

  // Calls visit(key, count) for each distinct pair, in no particular order.
  template <class Visit>
  void for_each(Visit&& visit) const {
    for (const Slot& slot : slots_) {
      if (slot.key != kEmpty) visit(slot.key, slot.count);
    }
  }

 private:
  static constexpr uint64_t kEmpty = ~uint64_t{0};
  struct Slot {
    uint64_t key = kEmpty;
    int64_t count = 0;
  };
  // The slot holding `key`, or the empty slot where it belongs.
  size_t find(uint64_t key) const;
  void grow();

  std::vector<Slot> slots_;
  uint64_t mask_ = 0;  // slots_.size() - 1, once there are slots
  int64_t size_ = 0;
};

}  // namespace gv
