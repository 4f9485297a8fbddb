#include "tools/vectors/subword_vectors.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <vector>

namespace gv {

static_assert(std::endian::native == std::endian::little, "fastText models are little-endian");

SubwordVectors::SubwordVectors(std::shared_ptr<const MappedFile> file, const char* rows,
                               int64_t words, int64_t dim, const SubwordScheme& scheme)
    : file_(std::move(file)), rows_(rows), words_(words), dim_(dim), scheme_(scheme) {}

bool SubwordVectors::has_ngrams(std::string_view word) const {
  bool any = false;
  for_each_ngram(word, scheme_, [&](std::string_view) { any = true; });
  return any;
}

bool SubwordVectors::ngram_vector(std::string_view word, float* out) const {
  std::vector<int64_t> ids;
  append_ngram_rows(word, scheme_, words_, ids);
  mean_of_rows(ids, out);
  return !ids.empty();
}

void SubwordVectors::mean_of_rows(std::span<const int64_t> ids, float* out) const {
  std::fill(out, out + dim_, 0.0f);
  const auto row_bytes = static_cast<size_t>(dim_) * sizeof(float);
  for (const int64_t id : ids) {
    const char* row = rows_ + static_cast<size_t>(id) * row_bytes;
    for (int64_t j = 0; j < dim_; ++j) {
      float value;
      std::memcpy(&value, row + static_cast<size_t>(j) * sizeof(float), sizeof value);
      out[j] += value;
    }
  }
  if (ids.empty()) return;
  const auto scale = static_cast<float>(1.0 / static_cast<double>(ids.size()));
  for (int64_t j = 0; j < dim_; ++j) out[j] *= scale;
}

}  // namespace gv
