// Subword rows: fastText's character n-grams, hashed into buckets of an input table.
//
// A word's input vector is the mean of several rows of one table: its own row, then one row per
// character n-gram of "<word>" (the angle brackets mark where the word starts and ends, so the
// "ing" ending is told apart from an "ing" inside a word). The n-grams are not stored: each is
// hashed into one of `buckets` rows that follow the vocabulary's, so a table of V + buckets rows
// gives a vector to every string, seen in training or not (its n-gram rows alone).
//
// Everything here is byte-compatible with fastText, so its .bin models and ours agree:
//   - the hash is 32-bit FNV-1a over the bytes, each byte sign-extended from int8 before the xor;
//   - n-grams are counted in UTF-8 code points (continuation bytes never start one), run from
//     minn to maxn code points, and a 1-gram is never the lone "<" or ">";
//   - n-gram g of a vocabulary of V words reads row V + hash(g) % buckets;
//   - the end-of-sentence token "</s>" has no n-grams.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gv {

struct SubwordScheme {
  int64_t minn = 3;             // shortest n-gram, in code points
  int64_t maxn = 6;             // longest; 0 turns n-grams off
  int64_t buckets = 2'000'000;  // rows the n-grams hash into

  // Throws std::invalid_argument naming the option for minn < 1, maxn < minn (unless maxn is 0),
  // or buckets outside [1, 2^31 - 1] (fastText stores it as an int32).
  void check() const;
};

// fastText's hash: FNV-1a 32 with sign-extended bytes.
uint32_t fasttext_hash(std::string_view bytes);

// Calls visit(ngram) for every n-gram of "<word>" that fastText hashes, in fastText's order:
// by start position, then by length.
template <class Visit>
void for_each_ngram(std::string_view word, const SubwordScheme& scheme, Visit&& visit) {
  if (scheme.maxn <= 0 || word == "</s>") return;
  std::string marked;
  marked.reserve(word.size() + 2);
  marked.push_back('<');
  marked.append(word);
  marked.push_back('>');
  const auto continues = [&](size_t i) {
    return (static_cast<unsigned char>(marked[i]) & 0xC0) == 0x80;
  };
  const size_t size = marked.size();
  for (size_t start = 0; start < size; ++start) {
    if (continues(start)) continue;
    size_t end = start;
    for (int64_t n = 1; end < size && n <= scheme.maxn; ++n) {
      ++end;
      while (end < size && continues(end)) ++end;
      const bool lone_marker = n == 1 && (start == 0 || end == size);
      if (n >= scheme.minn && !lone_marker)
        visit(std::string_view(marked).substr(start, end - start));
    }
  }
}

// Appends the table rows of word's n-grams: first_bucket + hash % buckets each (first_bucket is
// the vocabulary size V).
void append_ngram_rows(std::string_view word, const SubwordScheme& scheme, int64_t first_bucket,
                       std::vector<int64_t>& rows);

// Every vocabulary word's input rows, computed once: word id w reads row w, then its n-gram rows.
class SubwordRows {
 public:
  SubwordRows(std::span<const std::string> words, const SubwordScheme& scheme);

  // Row w first, then w's n-gram rows (repeats kept: a repeated n-gram counts twice in the mean,
  // as in fastText).
  std::span<const int64_t> of(int64_t word) const {
    return {rows_.data() + offsets_[static_cast<size_t>(word)],
            rows_.data() + offsets_[static_cast<size_t>(word) + 1]};
  }
  int64_t words() const { return static_cast<int64_t>(offsets_.size()) - 1; }
  // V + buckets: the input table's height.
  int64_t table_rows() const { return words() + scheme_.buckets; }
  const SubwordScheme& scheme() const { return scheme_; }

 private:
  SubwordScheme scheme_;
  std::vector<int64_t> rows_;
  std::vector<int64_t> offsets_;  // word w's rows: [offsets_[w], offsets_[w + 1])
};

}  // namespace gv
