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
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "text/word_counts.h"
#include "text/word_index.h"

namespace gv {

class Vocabulary {
 public:
  static constexpr int64_t kUnknown = -1;

  Vocabulary() = default;  // no words

  // Keeps the words counted at least `min_count` times, then (if max_size > 0) the max_size
  // most frequent of those. Ties in count go to the lower `first`, then (for counts made by
  // hand with equal `first`s) to the words' bytes ascending, so the order is always total.
  // Throws std::invalid_argument for min_count < 1 or max_size < 0, and std::runtime_error if
  // no word is left or the kept counts add up past kMaxTotalCount (io/count_limit.h).
  static Vocabulary build(const WordCounts& counts, int64_t min_count = 1, int64_t max_size = 0);
  // Reads "word count" lines (blank lines skipped; '\r' before '\n' and a UTF-8 byte order
  // mark tolerated) and keeps them as build() does, ties in the file's line order (as
  // word2vec.c's -read-vocab), so save() then load() gives the same ids. Throws
  // std::runtime_error naming the file, and the line if any: for a path that is not a regular
  // file (checked before it is opened), a line over kMaxWordLineBytes, a word no vector file
  // can hold (word_problem), counts that add up past kMaxTotalCount, or no word with min_count.
  static Vocabulary load(const std::string& path, int64_t min_count = 1, int64_t max_size = 0);
  // Writes "word count" lines in id order, atomically. Throws std::runtime_error naming path.
  void save(const std::string& path) const;

  int64_t size() const { return static_cast<int64_t>(words_.size()); }
  // The id of `word`, or kUnknown.
  int64_t id(std::string_view word) const;
  // ids[i] = id(words[i]) for each word (ids.size() == words.size()), a sentence at a time: the
  // lookups' cache misses overlap (WordIndex::find of a span).
  void ids(std::span<const std::string_view> words, std::span<int64_t> ids) const;
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
