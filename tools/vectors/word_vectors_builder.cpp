#include "tools/vectors/word_vectors_builder.h"

#include <algorithm>
#include <cstdint>

#include "autograd/machine.h"

namespace gv {

WordVectorsBuilder::WordVectorsBuilder(int64_t dim) : dim_(dim) {}

float* WordVectorsBuilder::make_room(int64_t rows) {
  const auto floats = static_cast<size_t>((size() + rows) * dim_);
  if (floats > values_.capacity()) {
    values_.reserve(floats);
    advise_huge_pages(values_.data(), floats * sizeof(float));
  }
  values_.resize(floats);
  words_.reserve(static_cast<size_t>(size() + rows));
  seen_.reserve(static_cast<size_t>(size() + rows));
  return row(size());
}

bool WordVectorsBuilder::keep(std::string_view word, int64_t index) {
  if (!seen_.insert(word).second) {
    ++duplicates_;
    return false;
  }
  if (index != size()) std::copy_n(row(index), dim_, row(size()));  // close the gap
  words_.push_back(word);
  return true;
}

WordVectors WordVectorsBuilder::finish() && {
  values_.resize(static_cast<size_t>(size() * dim_));  // drop unkept candidates
  WordVectors vectors;
  vectors.dim = dim_;
  vectors.words.assign(words_.begin(), words_.end());
  vectors.values = std::move(values_);
  return vectors;
}

}  // namespace gv
