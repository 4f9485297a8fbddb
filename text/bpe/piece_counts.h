// How often each distinct pre-token occurs: one lookup per pre-token of the corpus, so this is an
// open-addressing table whose slots hold the hash and the count beside where the piece's bytes
// are, in one array of bytes: a lookup touches one slot, and the bytes only when the hash agrees.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gv::bpe {

class PieceCounts {
 public:
  void add(std::string_view piece, int64_t count);

  size_t size() const { return size_; }
  // The bytes of all the distinct pieces together.
  size_t total_bytes() const { return bytes_.size(); }
  // Calls use(piece, count) for every distinct piece, in no particular order.
  template <class Use>
  void for_each(Use use) const {
    for (const Slot& slot : slots_) {
      if (slot.offset != kEmpty)
        use(std::string_view(bytes_).substr(slot.offset, slot.length), slot.count);
    }
  }

 private:
  static constexpr size_t kEmpty = SIZE_MAX;
  struct Slot {
    uint64_t hash = 0;
    size_t offset = kEmpty;  // of the piece's bytes in bytes_; kEmpty: an empty slot
    size_t length = 0;
    int64_t count = 0;
  };

  void grow();

  std::vector<Slot> slots_ = std::vector<Slot>(1024);
  std::string bytes_;
  size_t size_ = 0;
};

}  // namespace gv::bpe
