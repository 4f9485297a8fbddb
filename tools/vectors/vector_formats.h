// The table of word-vector file formats: one row per format, and everything that differs
// between formats is in its row. Reading, writing, detection's names, `gradvec info` and
// every --vectors-format / --output-format option of the command line look formats up here, so
// adding one means writing its reader and its row writer and adding one enum value and one row. A
// format that word vectors alone cannot fill (a fastText model needs n-gram rows) has no row writer
// and says in its row who writes it instead.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "io/word_bytes.h"  // word_problem: the words a format holds

namespace gv {

// Auto is not a format: it asks read_vectors to detect one (rules in vector_io.h).
enum class VectorFormat { Auto, Glove, Word2VecText, Word2VecBinary, FastTextBin };

struct ReadOptions;
struct ReadReport;
struct VectorSource;
struct WordVectors;

struct VectorFormatSpec {
  VectorFormat format;
  std::string_view flag;  // its name on the command line, e.g. "w2v-bin"
  std::string_view name;  // for messages and `gradvec info`, e.g. "word2vec binary"
  bool has_header;        // the file starts with a "V d" line
  // Text lines are read from the right, so a word may hold spaces and tabs inside (glove.840B's
  // ". . ."); a binary record's word ends at its first space.
  bool blanks_in_words;
  // Reads a whole non-empty file; options.threads >= 1.
  WordVectors (*read)(const VectorSource& source, const ReadOptions& options, ReadReport& report);
  // Appends one row, everything between its word and the '\n' that ends the record; null
  // when write_vectors cannot write the format.
  void (*append_row)(const float* row, int64_t dim, std::string& record);
  // Why write_vectors refuses the format and what writes it instead; empty when it writes it.
  std::string_view not_written_here;
};

// Every format, in the order the command line lists them.
std::span<const VectorFormatSpec> vector_formats();

// The row of `format`. Throws std::invalid_argument for Auto, which has none.
const VectorFormatSpec& vector_format_spec(VectorFormat format);

// "auto", or the row's name: for messages and `gradvec info`.
std::string_view vector_format_name(VectorFormat format);

}  // namespace gv
