// write_vectors: every format shares one loop; the format table says whether a header comes
// first and how a row is encoded.
#include "tools/vectors/vector_writer.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <ostream>
#include <stdexcept>
#include <vector>

#include "io/atomic_file.h"
#include "io/finite_values.h"
#include "io/printable.h"
#include "tools/vectors/parallel_for.h"
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
  if (vectors.stride < vectors.dim ||
      vectors.values.size() != vectors.words.size() * static_cast<size_t>(vectors.stride)) {
    fail("values holds " + std::to_string(vectors.values.size()) + " floats, expected " +
         std::to_string(vectors.words.size()) + " words x " + std::to_string(vectors.stride) +
         " (dim " + std::to_string(vectors.dim) + ")");
  }
  if (!spec.has_header && vectors.words.empty()) {
    fail("a " + std::string(spec.name) +
         " file cannot hold zero words: with no header, its dimension is read from the first "
         "line");
  }
  for (int64_t i = 0; i < vectors.size(); ++i) {
    const std::string& word = vectors.words[static_cast<size_t>(i)];
    // Built for a message only, not for every word of a large vocabulary.
    const auto where = [&] {
      return "word index " + std::to_string(i) + " (" + quoted(word) + ")";
    };
    if (const std::string why = word_problem(word, spec.blanks_in_words); !why.empty()) {
      fail(where() + " " + why + ", so a " + std::string(spec.name) + " file cannot hold it");
    }
    if (i == 0 && !spec.has_header && word.find_first_of(" \t") != std::string::npos) {
      fail(where() + " holds a space or tab: the first line of a " + std::string(spec.name) +
           " file gives the dimension, so its word must be one field");
    }
    if (const std::string problem = non_finite_problem(vectors.row(i), vectors.dim);
        !problem.empty()) {
      fail(where() + ": " + problem);
    }
  }
}

// The rows one thread formats before the text is written: about 512 KB at 11 bytes a value, so
// that the text stays in cache until it is written, and memory stays bounded for any vocabulary.
int64_t rows_per_stretch(int64_t dim) {
  constexpr int64_t kStretchBytes = int64_t{512} << 10;
  return std::max<int64_t>(1, kStretchBytes / (11 * dim + 16));
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

void write_vectors(const std::string& path, const WordVectorsView& vectors, VectorFormat format,
                   int threads) {
  check_writable(path, vectors, format);
  const VectorFormatSpec& spec = vector_format_spec(format);
  // More threads than cores would not format faster, and each holds a stretch of text.
  const int parts = std::min(tools::resolve_threads(threads), tools::resolve_threads(0));
  const int64_t stretch_rows = rows_per_stretch(vectors.dim);
  // A round formats up to `parts` stretches of rows at once, one text each (kept between rounds:
  // no allocation once they have grown), and writes them in order.
  std::vector<std::string> texts(static_cast<size_t>(parts));
  // The records of rows [begin, begin + stretch_rows), as many as there are, into `text`.
  const auto format_stretch = [&](int64_t begin, std::string& text) {
    text.clear();
    const int64_t end = std::min(begin + stretch_rows, vectors.size());
    for (int64_t i = begin; i < end; ++i) {
      text += vectors.words[static_cast<size_t>(i)];
      spec.append_row(vectors.row(i), vectors.dim, text);
      text += '\n';
    }
  };
  write_file_atomically(path, [&](std::ostream& out) {
    if (spec.has_header) out << vectors.size() << ' ' << vectors.dim << '\n';
    for (int64_t first = 0; first < vectors.size(); first += parts * stretch_rows) {
      const int64_t stretches =
          std::min<int64_t>(parts, (vectors.size() - first + stretch_rows - 1) / stretch_rows);
      tools::parallel_for(stretches, parts, 1, [&](int64_t first_stretch, int64_t last_stretch) {
        for (int64_t part = first_stretch; part < last_stretch; ++part)
          format_stretch(first + part * stretch_rows, texts[static_cast<size_t>(part)]);
      });
      for (int64_t part = 0; part < stretches; ++part) {
        const std::string& text = texts[static_cast<size_t>(part)];
        out.write(text.data(), static_cast<std::streamsize>(text.size()));
      }
    }
  });
}

}  // namespace gv
