#include "tools/vectors/vector_text_reader.h"

#include <algorithm>
#include <exception>
#include <limits>
#include <optional>
#include <thread>
#include <vector>

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

// Parses the chunk's lines into (chunk.slots, dim) rows at `rows`, good lines only.
void parse_chunk(Chunk& chunk, float* rows, const LineRules& rules) {
  try {
    chunk.words.reserve(static_cast<size_t>(chunk.slots));
    std::string_view rest = chunk.text;
    for (int64_t line_index = 0; !rest.empty(); ++line_index) {
      const size_t newline = rest.find('\n');
      const std::string_view line = trim_line_end(rest.substr(0, newline));
      rest.remove_prefix(newline == std::string_view::npos ? rest.size() : newline + 1);
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

// `has_header` selects word2vec text ("V d" first) over GloVe.
WordVectors read_text_vectors(const VectorSource& source, bool has_header,
                              const ReadOptions& options, ReadReport& report) {
  const std::string_view line1 = trim_line_end(first_line(source.bytes));
  std::string_view body = source.bytes;
  int64_t first_body_line = 1;
  std::optional<int64_t> declared_words;
  LineRules rules;
  rules.skip_bad = options.skip_bad;
  if (has_header) {
    const std::optional<VectorFileHeader> header = parse_header_line(line1);
    if (!header) {
      throw source.error_at_line(
          1, "expected a header \"V d\" (word count and dimension), found " + quoted(line1));
    }
    body.remove_prefix(std::min(body.size(), first_line(source.bytes).size() + 1));
    // Checked before anything is sized by it, so a corrupt header cannot ask for terabytes.
    if (!body.empty() && header->dim > static_cast<int64_t>(body.size() / 2)) {
      throw source.error_at_line(1, "the header declares dimension " + std::to_string(header->dim) +
                                        " but the " + std::to_string(body.size()) +
                                        " bytes after it cannot hold one such line");
    }
    declared_words = header->words;
    rules.dim = header->dim;
    rules.dim_origin = "as the header says";
    first_body_line = 2;
  } else {
    rules.dim = count_fields(line1) - 1;
    // A "V d" line only lands here when the next line did not have 1 + d fields.
    rules.dim_origin = parse_header_line(line1)
                           ? "as on line 1; if that is a \"V d\" header, d disagrees with this line"
                           : "as on line 1";
    if (rules.dim < 1) {
      throw source.error_at_line(1, "expected a word and its values, found " + quoted(line1));
    }
  }

  constexpr int64_t kUnbounded = std::numeric_limits<int64_t>::max();
  const int64_t max_lines = declared_words.value_or(kUnbounded);
  const int64_t max_words = options.limit > 0 ? options.limit : kUnbounded;
  const auto too_many_lines = [&] {
    return source.error_at_line(first_body_line + max_lines, "more vector lines than the " +
                                                                 std::to_string(max_lines) +
                                                                 " the header (line 1) declares");
  };

  WordVectorsBuilder builder(rules.dim);
  int64_t lines_done = 0;
  std::string_view rest = body;
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
      parse_chunk(chunk, room + chunk.first_slot * rules.dim, rules);
    });

    // Merge in file order, so the first problem in the file is the one reported.
    for (const Chunk& chunk : chunks) {
      if (chunk.failure) std::rethrow_exception(chunk.failure);
      if (chunk.error_line >= 0 && lines_done + chunk.error_line < max_lines) {
        throw source.error_at_line(first_body_line + lines_done + chunk.error_line, chunk.error);
      }
      if (lines_done + chunk.lines > max_lines) throw too_many_lines();
      for (size_t i = 0; i < chunk.words.size(); ++i) {
        builder.keep(chunk.words[i], first_candidate + chunk.first_slot + static_cast<int64_t>(i));
      }
      lines_done += chunk.lines;
      report.skipped_lines += chunk.skipped;
    }
  }
  // Reading stopped at the header's count, not at a limit, and there is more.
  if (lines_done == max_lines && !rest.empty() && builder.size() < max_words) {
    throw too_many_lines();
  }
  if (declared_words && lines_done < *declared_words && builder.size() < max_words) {
    throw source.error_at_line(1, "the header declares " + std::to_string(*declared_words) +
                                      " words but the file has " + std::to_string(lines_done) +
                                      " vector lines");
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
