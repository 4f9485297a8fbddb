// EvalWords: which words a benchmark (analogies, similarity pairs) may use, and how
// its words are matched to rows — gensim's evaluate_word_analogies rules exactly:
//   - only the first `restrict_to` words of the index count (0: all of them);
//   - case-insensitive matching compares upper-cased forms, and when several vocabulary
//     words share one (Paris, paris, PARIS) the first, i.e. most frequent, row wins.
// Upper-casing is ASCII-only: bytes of multi-byte UTF-8 characters are compared as they are.
//
// A fastText model gives every word a vector, so with one a benchmark word outside the
// restricted vocabulary is not lost: it takes the model's vector for it (VectorIndex::
// unit_vector: its row beyond --restrict, else its n-grams). It is still no candidate answer.
#pragma once

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "tools/vectors/vector_index.h"

namespace gv::tools {

std::string ascii_upper(std::string_view word);

class EvalWords {
 public:
  EvalWords(const VectorIndex& index, int64_t restrict_to, bool case_insensitive);

  // The row a benchmark word refers to, if it is inside the restricted vocabulary.
  std::optional<int64_t> find(std::string_view word) const;
  // The unit vector (dim) a benchmark word stands for: its row inside the restricted
  // vocabulary, else (fastText models only) the model's vector for it; null when it has none.
  // Valid as long as this object.
  const float* unit_vector(std::string_view word);
  // Whether a word outside the restricted vocabulary can still have a vector (unit_vector).
  bool has_subwords() const { return index_.subwords() != nullptr; }
  // The form two words are compared in: upper-cased, or unchanged when case-sensitive.
  std::string key(std::string_view word) const;
  // Number of candidate rows: the first size() rows of the index.
  int64_t size() const { return size_; }
  const VectorIndex& index() const { return index_; }

 private:
  const VectorIndex& index_;
  int64_t size_;
  bool case_insensitive_;
  std::unordered_map<std::string, int64_t> row_by_key_;
  std::deque<std::vector<float>> outside_vectors_;  // a deque never moves what it holds
  std::unordered_map<std::string, const float*> outside_by_word_;  // null: no vector
};

}  // namespace gv::tools
