// WordVectors: a vocabulary and one float32 row per word — what every vector file holds.
//
// The command line exports a trained table into it (tools/trained_vectors.h), the readers in
// vector_io.h fill it, and the queries (nearest, analogy, eval) read it; a fastText model
// brings vectors for words outside the vocabulary too. Rows keep the
// file's order, which for word2vec, GloVe and fastText files is by descending frequency:
// "the first N words" are the most frequent.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace gv {

class SubwordVectors;  // subword_vectors.h

struct WordVectors {
  std::vector<std::string> words;
  int64_t dim = 0;
  std::vector<float> values;  // (words.size(), dim), row-major
  // Set for a fastText model (.bin): every other word's vector, from its character n-grams
  // (SubwordVectors::ngram_vector). Null for files of word vectors alone.
  std::shared_ptr<const SubwordVectors> subwords = nullptr;

  int64_t size() const { return static_cast<int64_t>(words.size()); }
  const float* row(int64_t i) const { return values.data() + i * dim; }
  float* row(int64_t i) { return values.data() + i * dim; }
};

// Words and rows held elsewhere, read as word vectors: what the writers take, so that a trained
// table is written straight from its rows rather than from a copy (tools/trained_vectors.h).
struct WordVectorsView {
  // `stride` (>= dim; 0: dim) floats from one row to the next: a trainer's table stores each
  // row in whole cache lines (word2vec/train_options.h, row_floats), read here where it lies.
  WordVectorsView(std::span<const std::string> words, int64_t dim, std::span<const float> values,
                  int64_t stride = 0)
      : words(words), dim(dim), stride(stride == 0 ? dim : stride), values(values) {}
  WordVectorsView(const WordVectors& vectors)  // NOLINT(google-explicit-constructor): a view of it
      : WordVectorsView(vectors.words, vectors.dim, vectors.values) {}

  std::span<const std::string> words;
  int64_t dim = 0;
  int64_t stride = 0;
  std::span<const float> values;  // (words.size(), stride), row-major; the first dim of a row

  int64_t size() const { return static_cast<int64_t>(words.size()); }
  const float* row(int64_t i) const { return values.data() + i * stride; }
};

}  // namespace gv
