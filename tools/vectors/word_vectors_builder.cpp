#include "tools/vectors/word_vectors_builder.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>

namespace gv {

namespace {

// Asks for 2 MB pages over the whole 2 MB-aligned part of [data, data + bytes), before the
// first write: zero-filling a 60 MB table then takes ~30 page faults instead of ~15000,
// a visible share of a large load. Only advice: the kernel may ignore it, and does unless
// transparent huge pages are "madvise" or "always".
void advise_huge_pages(void* data, size_t bytes) {
  constexpr uintptr_t kHugePage = uintptr_t{1} << 21;
  const uintptr_t begin = (reinterpret_cast<uintptr_t>(data) + kHugePage - 1) & ~(kHugePage - 1);
  const uintptr_t end = (reinterpret_cast<uintptr_t>(data) + bytes) & ~(kHugePage - 1);
  if (begin < end) ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
}

}  // namespace

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
