// SubwordVectors: a fastText model's input matrix, read in place from its mapped .bin, so a word
// outside the vocabulary still gets the vector fastText gives it: the mean of its n-gram rows.
//
// The bucket table is most of a model (2M rows x dim floats by default); reading the few rows
// a word needs straight from the mapping saves copying it. Rows sit at whatever offset the
// file's header left them, so every float is read with memcpy, never through a float*.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "io/mapped_file.h"
#include "embeddings/subword_rows.h"

namespace gv {

class SubwordVectors {
 public:
  // `rows` points into `file` at the (words + scheme.buckets, dim) little-endian float32
  // matrix, which the caller has checked fits in it. scheme.buckets may be 0 only when
  // scheme.maxn is 0 (no n-grams).
  SubwordVectors(std::shared_ptr<const MappedFile> file, const char* rows, int64_t words,
                 int64_t dim, const SubwordScheme& scheme);

  int64_t dim() const { return dim_; }
  int64_t words() const { return words_; }  // dictionary words: n-gram rows start here
  const SubwordScheme& scheme() const { return scheme_; }

  // Whether `word` has at least one n-gram, i.e. a vector outside the dictionary.
  bool has_ngrams(std::string_view word) const;
  // out (dim) = the mean of word's n-gram rows, fastText's vector for a word it has not seen;
  // false, and out all zeros, when it has none.
  bool ngram_vector(std::string_view word, float* out) const;
  // out (dim) = the mean of matrix rows `ids` (zeros for none): summed in order, then scaled
  // by the float nearest 1/n, as fastText does, so the two agree to the bit.
  void mean_of_rows(std::span<const int64_t> ids, float* out) const;

 private:
  std::shared_ptr<const MappedFile> file_;
  const char* rows_;
  int64_t words_, dim_;
  SubwordScheme scheme_;
};

}  // namespace gv
