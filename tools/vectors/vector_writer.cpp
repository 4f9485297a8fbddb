// write_vectors: every format shares one loop; the format table says whether a header comes
// first and how a row is encoded.
#include "tools/vectors/vector_writer.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <ostream>
#include <stdexcept>

#include "autograd/io/atomic_file.h"
#include "autograd/io/printable.h"
#include "tools/vectors/vector_io.h"
#include "tools/vectors/vector_source.h"

namespace gv {

static_assert(std::endian::native == std::endian::little, "binary vectors are little-endian");

namespace {

// Everything that would make a file no reader (ours, gensim, word2vec.c) reads back as
// written, checked before a byte is written.
void check_writable(const std::string& path, const WordVectorsView& vectors, VectorFormat format) {
  const auto fail = [&path](const std::string& what) {
    throw std::invalid_argument("write_vectors: " + printable(path) + ": " + what);
  };
  if (format == VectorFormat::Auto) fail("choose a format to write; auto is for reading");
  const VectorFormatSpec& spec = vector_format_spec(format);
  if (spec.append_row == nullptr) fail(std::string(spec.not_written_here));
  if (vectors.dim < 1) fail("dimension must be >= 1, got " + std::to_string(vectors.dim));
  if (vectors.values.size() != vectors.words.size() * static_cast<size_t>(vectors.dim)) {
    fail("values holds " + std::to_string(vectors.values.size()) + " floats, expected " +
         std::to_string(vectors.words.size()) + " words x " + std::to_string(vectors.dim));
  }
  if (!spec.has_header && vectors.words.empty()) {
    fail("a " + std::string(spec.name) +
         " file cannot hold zero words: with no header, its dimension is read from the first "
         "line");
  }
  for (int64_t i = 0; i < vectors.size(); ++i) {
    const std::string& word = vectors.words[static_cast<size_t>(i)];
    const std::string where = "word index " + std::to_string(i) + " (" + quoted(word) + ")";
    if (const std::string why = word_problem(word, spec.blanks_in_words); !why.empty()) {
      fail(where + " " + why + ", so a " + std::string(spec.name) + " file cannot hold it");
    }
    if (i == 0 && !spec.has_header && word.find_first_of(" \t") != std::string::npos) {
      fail(where + " holds a space or tab: the first line of a " + std::string(spec.name) +
           " file gives the dimension, so its word must be one field");
    }
    const float* row = vectors.row(i);
    for (int64_t j = 0; j < vectors.dim; ++j) {
      if (!std::isfinite(row[j]))
        fail(where + ": value " + std::to_string(j + 1) + " is NaN or infinite");
    }
  }
}

}  // namespace

void append_text_row(const float* row, int64_t dim, std::string& record) {
  char number[32];
  for (int64_t j = 0; j < dim; ++j) {
    const auto [end, error] = std::to_chars(number, number + sizeof number, row[j]);
    record += ' ';
    record.append(number, end);
  }
}

void append_binary_row(const float* row, int64_t dim, std::string& record) {
  record += ' ';
  record.append(reinterpret_cast<const char*>(row), static_cast<size_t>(dim) * sizeof(float));
}

void write_vectors(const std::string& path, const WordVectorsView& vectors, VectorFormat format) {
  check_writable(path, vectors, format);
  const VectorFormatSpec& spec = vector_format_spec(format);
  write_file_atomically(path, [&](std::ostream& out) {
    if (spec.has_header) out << vectors.size() << ' ' << vectors.dim << '\n';
    std::string record;  // reused: one allocation for the whole file
    for (int64_t i = 0; i < vectors.size(); ++i) {
      record = vectors.words[static_cast<size_t>(i)];
      spec.append_row(vectors.row(i), vectors.dim, record);
      record += '\n';
      out.write(record.data(), static_cast<std::streamsize>(record.size()));
    }
  });
}

}  // namespace gv
