// WordCounts: every distinct word of a corpus with its count, in memory that a limit bounds.
//
// Counting meets every distinct word of the corpus, and a large corpus has millions, most of
// them seen once or twice. So the table is flat: the words' bytes lie end to end in one arena,
// each entry takes 32 bytes, and an open-addressing slot array at most half full (8 bytes a
// slot: 32 bits of hash and the entry's index) finds them. That is about 50 bytes plus the
// word per distinct word, where a node-based std::unordered_map<std::string, ...> takes twice
// as much and one allocation per word.
//
// With a limit, the table holds at most `limit` words: when a new word would pass it, every
// word counted `threshold` times or fewer is dropped and the threshold rises by one, as
// word2vec.c's ReduceVocab and gensim's max_vocab_size do. A dropped word that returns starts
// again from zero, so a count at or under dropped_up_to() is a lower bound. The table depends
// only on the words added and their order, so counting is deterministic.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <iterator>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gv {

// A word's number of occurrences, and the index (in tokens from the start of the corpus) of the
// first of them. Counted input gives distinct words distinct `first`s.
struct WordCount {
  int64_t count = 0;
  int64_t first = 0;
  bool operator==(const WordCount&) const = default;
};

class WordCounts {
 public:
  static constexpr int64_t kNoLimit = 0;

  // Throws std::invalid_argument for a negative limit.
  explicit WordCounts(int64_t limit = kNoLimit);
  // Hand-made counts (tests, vocabularies read from files); no limit. Throws
  // std::invalid_argument for a repeated word.
  WordCounts(std::initializer_list<std::pair<std::string_view, WordCount>> entries);

  // One occurrence of `word` as the corpus's next token: its number is tokens() before the call.
  // Returns the word's index (below).
  int32_t count(std::string_view word);
  // count(word) for each of `words` in order, with the same result, but faster on a large table:
  // looked up one at a time, each rare word waits in turn for its slot, its entry and its bytes
  // to come from memory; a batch asks for all of theirs first, so the misses overlap.
  // indices[i] (`indices` as long as `words`) is set to words[i]'s index (below).
  void count(std::span<const std::string_view> words, std::span<int32_t> indices);
  // Whether the table has outgrown a core's cache, so that counting in batches pays. Until then
  // its lookups hit the cache and the batch's prefetches are work for nothing, as is gathering
  // the words of a batch.
  bool batches_pay() const;
  // Adds `word` with `seen` unless it is present; returns whether it was added. Hand-made
  // counts are no tokens read, so tokens() stays as it is.
  bool insert(std::string_view word, WordCount seen);
  // Adds `seen` to `word`'s count, keeping the earlier first, or adds the word if it is new: a
  // table counted elsewhere (another process's share of a corpus) read back. Like insert(), no
  // token is read. Returns the word's index, which means nothing once a prune has dropped words.
  int32_t add(std::string_view word, WordCount seen);
  // Adds the counts of `later`, made from the tokens that follow this table's: its `first`s
  // move on by tokens(), counts of the same word add up, and the earlier first stays. With
  // `indices` (later.size() long), indices[i] is the index here of later's i-th word.
  void merge(const WordCounts& later, std::span<int32_t> indices = {});

  int64_t size() const { return static_cast<int64_t>(entries_.size()); }
  bool empty() const { return entries_.empty(); }
  // Tokens passed to count() here and in merged tables, those of dropped words included.
  int64_t tokens() const { return tokens_; }
  // Words counted this many times or fewer may have been dropped; 0 while none was.
  int64_t dropped_up_to() const { return threshold_ - 1; }
  // `word`'s count, or nullptr.
  const WordCount* find(std::string_view word) const;

  // The words in the order they were first added (dropped ones left out). A word's place in
  // this order is its index; words are only appended, so an index holds until a prune
  // (dropped_up_to() > 0) moves the words after a dropped one.
  struct Entry {
    std::string_view word;
    WordCount seen;
  };
  class Iterator {
   public:
    using iterator_category = std::input_iterator_tag;
    using value_type = Entry;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = Entry;  // made on the fly: words are views into the table's arena

    Iterator() = default;
    Iterator(const WordCounts* counts, size_t index) : counts_(counts), index_(index) {}
    Entry operator*() const { return counts_->entry(index_); }
    Iterator& operator++() {
      ++index_;
      return *this;
    }
    Iterator operator++(int) {
      Iterator before = *this;
      ++index_;
      return before;
    }
    bool operator==(const Iterator&) const = default;

   private:
    const WordCounts* counts_ = nullptr;
    size_t index_ = 0;
  };
  Iterator begin() const { return {this, 0}; }
  Iterator end() const { return {this, entries_.size()}; }

  // The same words with the same counts, in any order.
  bool operator==(const WordCounts& other) const;

 private:
  struct Stored {
    int64_t offset;  // of the word's bytes in bytes_
    int64_t size;
    WordCount seen;
  };
  struct Slot {
    uint32_t hash_bits = 0;  // the hash's high half: the slot's position uses the low bits
    int32_t entry = -1;      // -1: empty
  };

  Entry entry(size_t index) const;
  std::string_view word_of(const Stored& stored) const;
  // The slot holding `word`, or the empty slot where it would go.
  Slot& slot_for(std::string_view word, uint64_t hash);
  // Returns the word's index, which means nothing once a prune has dropped words.
  int32_t count(std::string_view word, uint64_t hash);
  // Appends a new word (after making room); `slot` is where slot_for left it.
  void append(Slot& slot, uint64_t hash, std::string_view word, WordCount seen);
  // Drops every word counted threshold_ times or fewer, in place, and raises threshold_.
  void prune();
  void rehash(size_t slot_count);

  int64_t limit_;
  int64_t tokens_ = 0;
  int64_t threshold_ = 1;
  std::string bytes_;
  std::vector<Stored> entries_;
  std::vector<Slot> slots_;
  uint64_t mask_ = 0;
};

}  // namespace gv
