#include "tools/vectors/vector_binary_reader.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <optional>

#include "io/finite_values.h"
#include "tools/vectors/vector_line_parser.h"
#include "tools/vectors/word_vectors_builder.h"

namespace gv {

// The values are stored little-endian and copied as they are.
static_assert(std::endian::native == std::endian::little,
              "binary vectors need a little-endian host");

namespace {

// word2vec.c ends each record with '\n'; gensim writes none. Skipping any number of them
// before a word reads both; a run longer than any word may be is no vector file.
size_t skip_newlines(const VectorSource& source, std::string_view body, size_t pos, int64_t index) {
  const size_t start = pos;
  while (pos < body.size() && body[pos] == '\n') ++pos;
  if (pos - start > kMaxLineBytes) {
    throw source.error("word index " + std::to_string(index) + ": more than " +
                       std::string(kMaxLineText) + " of newlines before it");
  }
  return pos;
}

// Why a whole record cannot be kept (skip_bad passes over it), or "".
std::string record_problem(std::string_view word, const float* row, int64_t dim) {
  if (const std::string why = word_problem(word, /*blanks_in_words=*/false); !why.empty()) {
    return "the word " + why;
  }
  return non_finite_problem(row, dim);
}

}  // namespace

WordVectors read_binary_vectors(const VectorSource& source, const ReadOptions& options,
                                ReadReport& report) {
  const size_t newline = source.bytes.find('\n');
  // A stream's header line is not all in yet (a longer one is no header).
  if (newline == std::string_view::npos && !source.complete &&
      source.bytes.size() <= kMaxLineBytes) {
    return {};
  }
  const std::string_view line1 = source.bytes.substr(0, newline);
  const std::optional<VectorFileHeader> header = parse_header_line(line1);
  if (!header) {
    throw source.error_at_line(1, "expected a header \"V d\" (word count and dimension), found " +
                                      quoted(trim_line_end(line1)));
  }
  if (const std::string problem = header_problem(*header); !problem.empty()) {
    throw source.error_at_line(1, "header " + quoted(trim_line_end(line1)) + ": " + problem);
  }
  const std::string_view body =
      source.bytes.substr(std::min(source.bytes.size(), line1.size() + 1));
  const int64_t dim = header->dim;
  const size_t row_bytes = static_cast<size_t>(dim) * sizeof(float);
  // A record is at least a space and the values: the word may be empty (and is refused only
  // once its record is read), so room for fewer records could be overrun.
  const auto rows_that_fit = static_cast<int64_t>(body.size() / (row_bytes + 1));
  const int64_t max_words = options.limit > 0 ? options.limit : header->words;
  // Checked before anything is sized by it, so a corrupt header cannot ask for terabytes.
  if (source.complete && max_words >= header->words && header->words > rows_that_fit) {
    throw source.error("truncated: the header declares " + std::to_string(header->words) +
                       " words of dimension " + std::to_string(dim) + ", but the " +
                       std::to_string(body.size()) + " bytes after it hold at most " +
                       std::to_string(rows_that_fit) + " such records");
  }

  WordVectorsBuilder builder(dim);
  // Every record is copied into candidate row size(): the next one overwrites it unless
  // keep() took it. Complete records fit the room, so the copy never overruns it.
  builder.make_room(std::min({header->words, max_words, rows_that_fit}));
  size_t pos = 0;
  int64_t index = 0;
  for (; index < header->words && builder.size() < max_words; ++index) {
    if (index % kRowsBetweenStopChecks == 0) source.throw_if_stopped();
    pos = skip_newlines(source, body, pos, index);
    if (pos == body.size()) {
      throw TruncatedVectorFile(source.error("truncated: the file ends at word index " +
                                             std::to_string(index) + " but the header declares " +
                                             std::to_string(header->words) + " words"));
    }
    const size_t space = body.find(' ', pos);
    if (std::min(space, body.size()) - pos > kMaxLineBytes) {
      throw source.error_at_word(index, body.substr(pos), word_too_long("space"));
    }
    if (space == std::string_view::npos) {
      throw TruncatedVectorFile(
          source.error_at_word(index, body.substr(pos), "truncated: no space after the word"));
    }
    const std::string_view word = body.substr(pos, space - pos);
    pos = space + 1;
    if (body.size() - pos < row_bytes) {
      throw TruncatedVectorFile(source.error_at_word(
          index, word,
          "truncated: needs " + std::to_string(row_bytes) + " bytes of values, " +
              std::to_string(body.size() - pos) + " left"));
    }
    float* const row = builder.row(builder.size());
    std::memcpy(row, body.data() + pos, row_bytes);
    pos += row_bytes;
    if (const std::string problem = record_problem(word, row, dim); !problem.empty()) {
      if (!options.skip_bad) throw source.error_at_word(index, word, problem);
      ++report.skipped_lines;
      continue;
    }
    builder.keep(word, builder.size());
  }
  if (index == header->words && skip_newlines(source, body, pos, index) != body.size()) {
    throw source.error("word index " + std::to_string(index) + ": more data after the " +
                       std::to_string(header->words) + " words the header declares");
  }
  report.duplicates += builder.duplicates();
  return std::move(builder).finish();
}

}  // namespace gv
