// write_vectors: the three formats share one loop; only the header and the encoding of a
// row differ.
#include <bit>
#include <charconv>
#include <cmath>
#include <ostream>
#include <stdexcept>

#include "embeddings/atomic_file.h"
#include "word2vec/vector_io.h"
#include "word2vec/vector_source.h"

namespace gv {

static_assert(std::endian::native == std::endian::little, "binary vectors are little-endian");

namespace {

// Everything that would make a file no reader (ours, gensim, word2vec.c) reads back as
// written, checked before a byte is written.
void check_writable(const WordVectors& vectors, VectorFormat format) {
  const auto fail = [](const std::string& what) {
    throw std::invalid_argument("write_vectors: " + what);
  };
  if (format == VectorFormat::Auto) fail("choose a format to write; auto is for reading");
  if (vectors.dim < 1) fail("dimension must be >= 1, got " + std::to_string(vectors.dim));
  if (vectors.values.size() != vectors.words.size() * static_cast<size_t>(vectors.dim)) {
    fail("values holds " + std::to_string(vectors.values.size()) + " floats, expected " +
         std::to_string(vectors.words.size()) + " words x " + std::to_string(vectors.dim));
  }
  if (format == VectorFormat::Glove && vectors.words.empty()) {
    fail("a GloVe file cannot hold zero words: its dimension is read from the first line");
  }
  for (int64_t i = 0; i < vectors.size(); ++i) {
    const std::string& word = vectors.words[static_cast<size_t>(i)];
    if (word.empty() || word.find_first_of(" \t\r\n") != std::string::npos) {
      fail("word index " + std::to_string(i) + " (" + quoted(word) +
           ") is empty or contains whitespace");
    }
    const float* row = vectors.row(i);
    for (int64_t j = 0; j < vectors.dim; ++j) {
      if (!std::isfinite(row[j])) {
        fail("value " + std::to_string(j + 1) + " of " + quoted(word) + " is NaN or infinite");
      }
    }
  }
}

// Appends " v1 v2 ... vd" in the shortest decimal form that reads back to the same float.
void append_text_values(const float* row, int64_t dim, std::string& record) {
  char number[32];
  for (int64_t j = 0; j < dim; ++j) {
    const auto [end, error] = std::to_chars(number, number + sizeof number, row[j]);
    record += ' ';
    record.append(number, end);
  }
}

}  // namespace

void write_vectors(const std::string& path, const WordVectors& vectors, VectorFormat format) {
  check_writable(vectors, format);
  write_file_atomically(path, [&](std::ostream& out) {
    if (format != VectorFormat::Glove) out << vectors.size() << ' ' << vectors.dim << '\n';
    std::string record;  // reused: one allocation for the whole file
    for (int64_t i = 0; i < vectors.size(); ++i) {
      record = vectors.words[static_cast<size_t>(i)];
      if (format == VectorFormat::Word2VecBinary) {
        // word2vec.c's layout: word, space, raw float32s, newline.
        record += ' ';
        record.append(reinterpret_cast<const char*>(vectors.row(i)),
                      static_cast<size_t>(vectors.dim) * sizeof(float));
      } else {
        append_text_values(vectors.row(i), vectors.dim, record);
      }
      record += '\n';
      out.write(record.data(), static_cast<std::streamsize>(record.size()));
    }
  });
}

}  // namespace gv
