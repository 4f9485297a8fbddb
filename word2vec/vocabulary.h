// Vocabulary: the words kept for training, each with an id and its corpus count.
//
// Ids follow count descending — id 0 is the most frequent word, as in word2vec's files — and
// words of equal count keep the order in which the corpus first uses them. That is word2vec.c's
// order: it adds words to its vocabulary as it meets them and sorts by count with glibc's qsort,
// a stable merge sort. The order matters beyond the ids: the Huffman tree of hierarchical
// softmax pairs equal-count words that are adjacent in ids, so with this rule sibling leaves
// are words that first occur near each other in the text, rather than alphabetical neighbours.
// Saved as one "word count" line per word, which is also word2vec's -save-vocab format.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "word2vec/word_index.h"

namespace gv {

// Transparent hashing lets a std::string_view (a token straight from the tokenizer) look up a
// std::string key without building a temporary string.
struct StringHash {
  using is_transparent = void;
  size_t operator()(std::string_view text) const { return std::hash<std::string_view>{}(text); }
};

// A word's number of occurrences, and the index (in tokens from the start of the corpus) of the
// first of them. Counted input gives distinct words distinct `first`s.
struct WordCount {
  int64_t count = 0;
  int64_t first = 0;
  bool operator==(const WordCount&) const = default;
};

// Word -> its count, as counted by count_words.
using WordCounts = std::unordered_map<std::string, WordCount, StringHash, std::equal_to<>>;

class Vocabulary {
 public:
  static constexpr int64_t kUnknown = -1;

  Vocabulary() = default;  // no words

  // Keeps the words counted at least `min_count` times, then (if max_size > 0) the max_size
  // most frequent of those. Ties in count go to the lower `first`, then (for counts made by
  // hand with equal `first`s) to the words' bytes ascending, so the order is always total.
  // Throws std::invalid_argument for min_count < 1 or max_size < 0, and std::runtime_error if
  // no word is left or the kept counts add up past INT64_MAX.
  static Vocabulary build(const WordCounts& counts, int64_t min_count = 1, int64_t max_size = 0);
  // Reads "word count" lines (blank lines skipped; '\r' before '\n' tolerated) and orders
  // them as build() does, ties in the file's line order (as word2vec.c's -read-vocab), so
  // save() then load() gives the same ids. Throws std::runtime_error naming the file, and
  // the line if any.
  static Vocabulary load(const std::string& path);
  // Writes "word count" lines in id order, atomically. Throws std::runtime_error naming path.
  void save(const std::string& path) const;

  int64_t size() const { return static_cast<int64_t>(words_.size()); }
  // The id of `word`, or kUnknown.
  int64_t id(std::string_view word) const;
  // Both throw std::out_of_range naming the id and the vocabulary size.
  const std::string& word(int64_t id) const;
  int64_t count(int64_t id) const;
  // Every word's count, indexed by id: what the samplers are built from.
  const std::vector<int64_t>& counts() const { return counts_; }
  // Every word, indexed by id: what subword rows are built from.
  const std::vector<std::string>& words() const { return words_; }
  // Sum of all counts: the number of tokens of the corpus that the vocabulary keeps.
  int64_t total_count() const { return total_count_; }

 private:
  void check_id(int64_t id) const;

  std::vector<std::string> words_;
  std::vector<int64_t> counts_;
  WordIndex index_;  // over words_
  int64_t total_count_ = 0;
};

}  // namespace gv
