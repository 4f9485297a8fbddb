// WordIndex: word -> id for a fixed list of distinct words, by open addressing.
//
// The training pass looks up every token of the corpus, so this lookup is hot. The slots form
// a power-of-two table at most half full, each holding a word's id and 32 bits of its hash: a
// probe reads one 8-byte slot and compares strings only when those bits match, and linear
// probing keeps the next candidate in the same cache line. The index stores no words; lookups
// compare against the list it was built from, which the caller keeps (Vocabulary's words).
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gv {

class WordIndex {
 public:
  WordIndex() = default;  // indexes no word
  // Word i of `words` gets id i. Throws std::invalid_argument for a repeated word or more than
  // 2^31 - 1 words.
  explicit WordIndex(std::span<const std::string> words);

  // The id of `word` among `words` (the list given to the constructor), or -1.
  int64_t find(std::string_view word, std::span<const std::string> words) const;
  // ids[i] = find(queries[i], words) for every query (ids.size() == queries.size()), looked up
  // a batch at a time so that their cache misses overlap: the training pass looks up every
  // token of the corpus, and one at a time each waited on its slot and then on its word.
  void find(std::span<const std::string_view> queries, std::span<const std::string> words,
            std::span<int64_t> ids) const;

 private:
  struct Slot {
    uint32_t hash_bits = 0;  // the hash's high half: the slot's position uses the low bits
    int32_t id = -1;         // -1: empty
  };
  // The lookup of find(), from the word's hash.
  int64_t find(std::string_view word, uint64_t hash, std::span<const std::string> words) const;

  std::vector<Slot> slots_;
  uint64_t mask_ = 0;  // slots_.size() - 1
};

}  // namespace gv
