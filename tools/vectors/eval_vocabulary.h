// EvalVocabulary: which words a benchmark (analogies, similarity pairs) may use, and how
// its words are matched to rows — gensim's evaluate_word_analogies rules exactly:
//   - only the first `restrict_to` words of the index count (0: all of them);
//   - case-insensitive matching compares upper-cased forms, and when several vocabulary
//     words share one (Paris, paris, PARIS) the first, i.e. most frequent, row wins.
// Upper-casing is ASCII-only: bytes of multi-byte UTF-8 characters are compared as they are.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

#include "tools/vectors/vector_index.h"

namespace gv::tools {

std::string ascii_upper(std::string_view word);

class EvalVocabulary {
 public:
  EvalVocabulary(const VectorIndex& index, int64_t restrict_to, bool case_insensitive);

  // The row a benchmark word refers to, if it is inside the restricted vocabulary.
  std::optional<int64_t> find(std::string_view word) const;
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
};

}  // namespace gv::tools
