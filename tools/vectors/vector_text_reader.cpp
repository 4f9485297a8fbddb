#include "tools/vectors/vector_text_reader.h"

#include <algorithm>
#include <exception>
#include <limits>
#include <optional>
#include <thread>
#include <vector>

#include "io/printable.h"
#include "tools/vectors/vector_line_parser.h"
#include "tools/vectors/word_vectors_builder.h"

namespace gv {

namespace {

// Below this a thread costs more to start than it saves.
constexpr size_t kMinChunkBytes = 64 * 1024;

// One thread's share of a batch of lines: a byte range that starts and ends at line
// boundaries, the candidate rows it parses into, and what parsing it found.
struct Chunk {
  std::string_view text;
  int64_t lines = 0;                    // lines in `text`, good or bad
  int64_t first_slot = 0;               // its first candidate row, counted from the batch's first
  int64_t slots = 0;                    // candidate rows it may fill
  std::vector<std::string_view> words;  // good line i was parsed into slot first_slot + i
  int64_t skipped = 0;                  // bad lines passed over by skip_bad
  int64_t error_line = -1;              // 0-based line within the chunk of the first bad line
  std::string error;                    // what is wrong with it (parsing stops there)
  std::exception_ptr failure;           // e.g. bad_alloc, rethrown by the calling thread
};

// How every line of the body is judged.
struct LineRules {
  int64_t dim = 0;
  std::string dim_origin;  // for messages: where `dim` came from
  bool skip_bad = false;
};

int64_t count_lines(std::string_view text) {
  const auto newlines = std::count(text.begin(), text.end(), '\n');
  return newlines + (!text.empty() && text.back() != '\n' ? 1 : 0);
}

// A good line is at least 2 * dim + 1 bytes (a word, then a separator and a digit per
// value), so `text` holds at most this many good lines; one more slot is room to parse
// the next line into and find it bad. Bounds the memory a file of short lines can claim.
int64_t slots_needed(std::string_view text, int64_t lines, int64_t dim) {
  return std::min(lines, static_cast<int64_t>(text.size()) / (2 * dim + 1) + 1);
}

std::string too_long(std::string_view line) {
  return "a line longer than " + std::string(kMaxLineText) +
         ", the longest a vector file may have, starting " + quoted(line);
}

// Parses the chunk's lines into (chunk.slots, dim) rows at `rows`, good lines only, unless a
// stop comes first (source.throw_if_stopped).
void parse_chunk(Chunk& chunk, float* rows, const LineRules& rules, const VectorSource& source) {
  try {
    chunk.words.reserve(static_cast<size_t>(chunk.slots));
    std::string_view rest = chunk.text;
    for (int64_t line_index = 0; !rest.empty(); ++line_index) {
      if (line_index % kRowsBetweenStopChecks == 0) source.throw_if_stopped();
      const size_t newline = rest.find('\n');
      const std::string_view raw_line = rest.substr(0, newline);
      rest.remove_prefix(newline == std::string_view::npos ? rest.size() : newline + 1);
      if (raw_line.size() > kMaxLineBytes) {  // not a malformed line but no text file at all
        chunk.error_line = line_index;
        chunk.error = too_long(raw_line);
        return;
      }
      const std::string_view line = trim_line_end(raw_line);
      float* row = rows + static_cast<int64_t>(chunk.words.size()) * rules.dim;
      const ParsedLine parsed = parse_vector_line(line, rules.dim, row);
      if (parsed.problem == LineProblem::None) {
        chunk.words.push_back(parsed.word);
      } else if (rules.skip_bad) {
        ++chunk.skipped;
      } else {
        chunk.error_line = line_index;
        chunk.error = describe_problem(parsed, rules.dim, rules.dim_origin);
        return;
      }
    }
  } catch (...) {
    chunk.failure = std::current_exception();
  }
}

// Cuts `text` into at most `threads` ranges of similar size, each ending after a '\n'.
std::vector<Chunk> split_at_lines(std::string_view text, int threads) {
  const size_t pieces = std::clamp<size_t>(text.size() / kMinChunkBytes, 1, threads);
  std::vector<Chunk> chunks(pieces);
  size_t start = 0;
  for (size_t k = 0; k < pieces; ++k) {
    size_t stop = text.size();
    if (k + 1 < pieces) {
      const size_t newline = text.find('\n', std::max(start, text.size() * (k + 1) / pieces));
      stop = newline == std::string_view::npos ? text.size() : newline + 1;
    }
    chunks[k].text = text.substr(start, stop - start);
    start = stop;
  }
  return chunks;
}

// Runs work(k) for every chunk k, one thread each (the calling thread takes chunk 0).
template <typename Work>
void for_each_chunk_in_parallel(std::vector<Chunk>& chunks, const Work& work) {
  std::vector<std::jthread> workers;  // jthread joins even if starting a later one throws
  for (size_t k = 1; k < chunks.size(); ++k)
    workers.emplace_back([&work, &chunks, k] { work(chunks[k]); });
  work(chunks[0]);
}

// The first `lines` lines of `text` (fewer if it has fewer).
std::string_view take_lines(std::string_view text, int64_t lines) {
  size_t end = 0;
  for (int64_t i = 0; i < lines && end < text.size(); ++i) {
    const size_t newline = text.find('\n', end);
    end = newline == std::string_view::npos ? text.size() : newline + 1;
  }
  return text.substr(0, end);
}

// A stream's last line, which has no '\n' yet: it is judged only by what more bytes cannot
// mend, so that input that never ends stops with the line that shows it is no vector file.
void check_unended_line(const VectorSource& source, int64_t line_number, std::string_view line,
                        bool skip_bad) {
  if (line.size() > kMaxLineBytes) throw source.error_at_line(line_number, too_long(line));
  // No record holds these, in its word or in a number.
  const size_t breaking = line.find_first_of(std::string_view("\0\v\f", 3));
  if (!skip_bad && breaking != std::string_view::npos) {
    throw source.error_at_line(line_number, "the byte " + printable(line.substr(breaking, 1)) +
                                                ", which no text vector line holds");
  }
}

// The first line of `body` (which starts at line `first_line`) that is no record of `rules.dim`
// values, as parse_chunk reports it; nothing when every line is one. For a header whose count
// the bytes cannot hold: a short line is the likelier fault than the count, and names itself.
// Lines are parsed one at a time into one row, so this takes (dim) floats whatever the body.
void throw_first_bad_line(const VectorSource& source, std::string_view body, int64_t first_line,
                          const LineRules& rules) {
  std::vector<float> row(static_cast<size_t>(rules.dim));
  for (int64_t line_number = first_line; !body.empty(); ++line_number) {
    const size_t newline = body.find('\n');
    const std::string_view line = trim_line_end(body.substr(0, newline));
    body.remove_prefix(newline == std::string_view::npos ? body.size() : newline + 1);
    const ParsedLine parsed = parse_vector_line(line, rules.dim, row.data());
    if (parsed.problem != LineProblem::None) {
      throw source.error_at_line(line_number,
                                 describe_problem(parsed, rules.dim, rules.dim_origin));
    }
  }
}

// GloVe's dimension: the value count of the first line that parses cleanly, a one-field word
// and numbers only, which is line 1 but for files that open with a word like "new york".
// Lines before it are read with it like any other. Without skip_bad a line that is bad
// whatever the dimension (no value, a last field that is no number) stops the search, so
// `yes` is refused at line 1. nullopt: a stream's prefix that does not show it yet.
struct GloveDimension {
  int64_t dim;
  int64_t line;
};
std::optional<GloveDimension> find_glove_dimension(const VectorSource& source,
                                                   std::string_view text, bool skip_bad) {
  std::vector<float> scratch;
  size_t offset = 0;
  for (int64_t line_number = 1; offset < text.size(); ++line_number) {
    if (offset > kMaxLineBytes) {
      throw source.error("no line in the first " + std::string(kMaxLineText) +
                         " is a word and its numbers, so the dimension is unknown");
    }
    const size_t newline = text.find('\n', offset);
    const std::string_view line = trim_line_end(
        text.substr(offset, newline == std::string_view::npos ? newline : newline - offset));
    offset = newline == std::string_view::npos ? text.size() : newline + 1;
    const int64_t fields = count_fields(line);
    scratch.resize(static_cast<size_t>(std::max<int64_t>(fields - 1, 1)));
    // Bad whatever the dimension: a first field no word may be (every word starts with it),
    // no value at all, or a last field that is no number.
    ParsedLine parsed = parse_vector_line(line, std::max<int64_t>(fields - 1, 1), scratch.data());
    if (parsed.problem == LineProblem::None) return GloveDimension{fields - 1, line_number};
    if (parsed.problem != LineProblem::BadWord) parsed = parse_vector_line(line, 1, scratch.data());
    if (parsed.problem == LineProblem::None || skip_bad) continue;
    const bool has_no_value = parsed.problem == LineProblem::EmptyLine ||
                              parsed.problem == LineProblem::EmptyWord ||
                              parsed.problem == LineProblem::TooFewValues;
    throw source.error_at_line(
        line_number, has_no_value ? "expected a word and its values, found " + quoted(line)
                                  : describe_problem(parsed, 1, "whatever the dimension"));
  }
  if (!source.complete) return std::nullopt;
  throw source.error(
      "no line is a word and its numbers alone, so the dimension is unknown (a file whose words "
      "all hold spaces needs a \"V d\" header)");
}

// Where a text file's vectors begin and how their lines are read.
struct TextLayout {
  std::string_view body;  // the vector lines
  int64_t first_body_line = 1;
  std::optional<int64_t> declared_words;  // a header's V
  LineRules rules;
};

// word2vec text: the "V d" header of `text` (a stream's whole lines; `unended` the bytes after
// them), checked against the bytes that follow it before anything is sized by it. nullopt: a
// stream's first line is not whole yet.
std::optional<TextLayout> header_layout(const VectorSource& source, std::string_view text,
                                        std::string_view unended, const ReadOptions& options) {
  if (text.empty()) {
    check_unended_line(source, 1, unended, /*skip_bad=*/false);
    return std::nullopt;
  }
  const std::string_view line1 = trim_line_end(first_line(text));
  const std::optional<VectorFileHeader> header = parse_header_line(line1);
  if (!header) {
    throw source.error_at_line(
        1, "expected a header \"V d\" (word count and dimension), found " + quoted(line1));
  }
  if (const std::string problem = header_problem(*header); !problem.empty()) {
    throw source.error_at_line(1, "header " + quoted(line1) + ": " + problem);
  }
  TextLayout layout;
  layout.rules.skip_bad = options.skip_bad;
  // Past the header's '\n', or to the end when the header is all the file holds.
  layout.body = text.substr(std::min(text.size(), first_line(text).size() + 1));
  const size_t body_bytes = layout.body.size() + unended.size();
  // Checked before anything is sized by them, so a corrupt header cannot ask for terabytes
  // (nor make reading it slow): each of V good lines is a word, d values and a '\n', at
  // least 2d + 2 bytes; a line skip_bad skips, at least a '\n'.
  if (source.complete && body_bytes > 0 && header->dim > static_cast<int64_t>(body_bytes / 2)) {
    throw source.error_at_line(1, "the header declares dimension " + std::to_string(header->dim) +
                                      " but the " + std::to_string(body_bytes) +
                                      " bytes after it cannot hold one such line");
  }
  layout.rules.dim = header->dim;
  layout.rules.dim_origin = "as the header says";
  const int64_t min_line_bytes = options.skip_bad ? 1 : 2 * header->dim + 2;
  const int64_t lines_that_fit = static_cast<int64_t>(body_bytes + 1) / min_line_bytes;
  const bool reads_all = options.limit == 0 || options.limit >= header->words;
  if (source.complete && reads_all && header->words > lines_that_fit) {
    if (!options.skip_bad) throw_first_bad_line(source, layout.body, 2, layout.rules);
    throw source.error_at_line(
        1, "the header declares " + std::to_string(header->words) + " words of dimension " +
               std::to_string(header->dim) + ", but the " + std::to_string(body_bytes) +
               " bytes after it hold at most " + std::to_string(lines_that_fit) + " such lines");
  }
  layout.declared_words = header->words;
  layout.first_body_line = 2;
  return layout;
}

// GloVe: no header, the dimension that of the first clean line (find_glove_dimension). nullopt:
// a stream's prefix that does not show it yet.
std::optional<TextLayout> glove_layout(const VectorSource& source, std::string_view text,
                                       std::string_view unended, const ReadOptions& options) {
  const std::optional<GloveDimension> found = find_glove_dimension(source, text, options.skip_bad);
  if (!found) {
    check_unended_line(source, count_lines(text) + 1, unended, options.skip_bad);
    return std::nullopt;
  }
  TextLayout layout;
  layout.body = text;
  layout.rules.skip_bad = options.skip_bad;
  layout.rules.dim = found->dim;
  layout.rules.dim_origin = "as on line " + std::to_string(found->line);
  // A "V d" line only lands here when the next line is just a word and one value.
  if (found->line == 1 && parse_header_line(trim_line_end(first_line(text)))) {
    layout.rules.dim_origin += "; if that is a \"V d\" header, d disagrees with this line";
  }
  return layout;
}

// Reads the vector lines of `layout.body` into `builder`, in batches of lines parsed in
// parallel, until the body, max_lines lines or max_words words are done; returns the lines
// read and leaves in `rest` what it did not read. Throws at the first bad line in file order.
int64_t read_vector_lines(const VectorSource& source, const TextLayout& layout,
                          const ReadOptions& options, int64_t max_lines, int64_t max_words,
                          WordVectorsBuilder& builder, std::string_view& rest, ReadReport& report) {
  const LineRules& rules = layout.rules;
  int64_t lines_done = 0;
  rest = layout.body;
  while (!rest.empty() && lines_done < max_lines && builder.size() < max_words) {
    // Without a limit the whole body is one batch. With one, a batch is just the lines that
    // could still be kept, plus another batch if duplicates or skipped lines fell short.
    const std::string_view batch =
        options.limit > 0
            ? take_lines(rest, std::min(max_words - builder.size(), max_lines - lines_done))
            : rest;
    rest.remove_prefix(batch.size());

    std::vector<Chunk> chunks = split_at_lines(batch, options.threads);
    for_each_chunk_in_parallel(chunks, [](Chunk& chunk) { chunk.lines = count_lines(chunk.text); });
    int64_t candidates = 0;
    for (Chunk& chunk : chunks) {
      chunk.first_slot = candidates;
      chunk.slots = slots_needed(chunk.text, chunk.lines, rules.dim);
      candidates += chunk.slots;
    }
    const int64_t first_candidate = builder.size();
    float* const room = builder.make_room(candidates);  // (candidates, dim)
    for_each_chunk_in_parallel(chunks, [&](Chunk& chunk) {
      parse_chunk(chunk, room + chunk.first_slot * rules.dim, rules, source);
    });

    // Merge in file order, so the first problem in the file is the one reported.
    for (const Chunk& chunk : chunks) {
      if (chunk.failure) std::rethrow_exception(chunk.failure);
      if (chunk.error_line >= 0 && lines_done + chunk.error_line < max_lines) {
        throw source.error_at_line(layout.first_body_line + lines_done + chunk.error_line,
                                   chunk.error);
      }
      if (lines_done + chunk.lines > max_lines) return lines_done + chunk.lines;
      for (size_t i = 0; i < chunk.words.size(); ++i) {
        builder.keep(chunk.words[i], first_candidate + chunk.first_slot + static_cast<int64_t>(i));
      }
      lines_done += chunk.lines;
      report.skipped_lines += chunk.skipped;
    }
  }
  return lines_done;
}

// `has_header` selects word2vec text ("V d" first) over GloVe.
WordVectors read_text_vectors(const VectorSource& source, bool has_header,
                              const ReadOptions& options, ReadReport& report) {
  // A stream's prefix is read up to its last '\n'.
  std::string_view text = source.bytes;
  if (!source.complete) text = text.substr(0, text.rfind('\n') + 1);  // npos + 1 == 0
  const std::string_view unended = source.bytes.substr(text.size());
  const std::optional<TextLayout> layout = has_header
                                               ? header_layout(source, text, unended, options)
                                               : glove_layout(source, text, unended, options);
  if (!layout) return {};

  constexpr int64_t kUnbounded = std::numeric_limits<int64_t>::max();
  const int64_t max_lines = layout->declared_words.value_or(kUnbounded);
  const int64_t max_words = options.limit > 0 ? options.limit : kUnbounded;
  const auto too_many_lines = [&] {
    return source.error_at_line(layout->first_body_line + max_lines,
                                "more vector lines than the " + std::to_string(max_lines) +
                                    " the header (line 1) declares");
  };
  WordVectorsBuilder builder(layout->rules.dim);
  std::string_view rest;
  const int64_t lines_done =
      read_vector_lines(source, *layout, options, max_lines, max_words, builder, rest, report);
  // Reading stopped at the header's count, not at a limit, and there is more.
  if (lines_done > max_lines || (lines_done == max_lines && (!rest.empty() || !unended.empty()) &&
                                 builder.size() < max_words)) {
    throw too_many_lines();
  }
  const bool wants_more = lines_done < max_lines && builder.size() < max_words;
  if (!source.complete && wants_more) {
    check_unended_line(source, count_lines(text) + 1, unended, options.skip_bad);
  }
  if (layout->declared_words && wants_more) {
    throw TruncatedVectorFile(source.error_at_line(
        1, "the header declares " + std::to_string(*layout->declared_words) +
               " words but the file has " + std::to_string(lines_done) + " vector lines"));
  }
  report.duplicates += builder.duplicates();
  return std::move(builder).finish();
}

}  // namespace

WordVectors read_glove_vectors(const VectorSource& source, const ReadOptions& options,
                               ReadReport& report) {
  return read_text_vectors(source, /*has_header=*/false, options, report);
}

WordVectors read_word2vec_text_vectors(const VectorSource& source, const ReadOptions& options,
                                       ReadReport& report) {
  return read_text_vectors(source, /*has_header=*/true, options, report);
}

}  // namespace gv
