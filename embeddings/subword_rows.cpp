#include "embeddings/subword_rows.h"

#include <stdexcept>

#include "autograd/require.h"

namespace gv {

void SubwordScheme::check() const {
  require(minn >= 1, "--minn", ">= 1", minn);
  if (maxn != 0) require(maxn >= minn, "--maxn", ">= --minn (" + value_str(minn) + ") or 0", maxn);
  require(buckets >= 1 && buckets <= INT32_MAX, "--buckets", "in [1, 2147483647]", buckets);
}

uint32_t fasttext_hash(std::string_view bytes) {
  uint32_t hash = 2166136261u;
  for (const char byte : bytes) {
    hash ^= static_cast<uint32_t>(static_cast<int8_t>(byte));  // sign-extended, as fastText
    hash *= 16777619u;
  }
  return hash;
}

void append_ngram_rows(std::string_view word, const SubwordScheme& scheme, int64_t first_bucket,
                       std::vector<int64_t>& rows) {
  const auto buckets = static_cast<uint32_t>(scheme.buckets);
  for_each_ngram(word, scheme, [&](std::string_view ngram) {
    rows.push_back(first_bucket + fasttext_hash(ngram) % buckets);
  });
}

SubwordRows::SubwordRows(std::span<const std::string> words, const SubwordScheme& scheme)
    : scheme_(scheme) {
  scheme_.check();
  const auto vocab = static_cast<int64_t>(words.size());
  offsets_.reserve(words.size() + 1);
  offsets_.push_back(0);
  for (int64_t w = 0; w < vocab; ++w) {
    rows_.push_back(w);
    append_ngram_rows(words[static_cast<size_t>(w)], scheme_, vocab, rows_);
    offsets_.push_back(static_cast<int64_t>(rows_.size()));
  }
}

}  // namespace gv
