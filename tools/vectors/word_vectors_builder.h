// WordVectorsBuilder: collects rows in file order, keeping the first row of each word.
//
// Readers parse straight into the builder's storage, so a 100+ MB file is never copied row
// by row: make_room() hands out candidate rows after the kept ones, the reader fills them
// (from several threads if it likes), then keep() accepts them one by one in file order,
// moving a row down only when rows before it were dropped. Both readers go through keep(),
// so "duplicates keep the first row and are counted" is decided in one place.
//
// Words are remembered as views into the mapped file, which must outlive the builder;
// finish() copies the kept ones into owning strings.
#pragma once

#include <cstdint>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "tools/vectors/word_vectors.h"

namespace gv {

class WordVectorsBuilder {
 public:
  explicit WordVectorsBuilder(int64_t dim);

  // Candidate rows size() .. size() + rows - 1, replacing any earlier unkept candidates.
  // Returns the first of them, (rows, dim); pointers stay valid until the next make_room().
  float* make_room(int64_t rows);
  float* row(int64_t index) { return values_.data() + index * dim_; }

  // Keeps candidate row `index` (>= size()) as `word` unless the word was kept before;
  // returns whether it was kept. Candidates must be offered in increasing order.
  bool keep(std::string_view word, int64_t index);

  int64_t size() const { return static_cast<int64_t>(words_.size()); }
  int64_t duplicates() const { return duplicates_; }
  WordVectors finish() &&;

 private:
  int64_t dim_;
  std::vector<std::string_view> words_;
  std::vector<float> values_;  // (size() + candidates, dim)
  std::unordered_set<std::string_view> seen_;
  int64_t duplicates_ = 0;
};

}  // namespace gv
