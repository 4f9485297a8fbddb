// The options every vector command shares, and loading a vector file with them:
//   --vectors F  --vectors-format auto|glove|w2v|w2v-bin|fasttext-bin  --limit N  --skip-bad
//   --threads N
// and the one way a command line option names a format (the table in vector_formats.h).
// Problems the reader tolerated (duplicate words, lines skipped under --skip-bad) are
// reported as one warning line each on the warnings stream.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "tools/vectors/vector_io.h"

namespace gv::tools {

struct LoadedVectors {
  WordVectors vectors;
  ReadReport report;
  double seconds = 0;      // wall time of read_vectors
  int64_t file_bytes = 0;  // bytes read (a stream has no size on disk)
};

struct VectorFileOptions {
  std::string path;
  VectorFormat format = VectorFormat::Auto;
  int64_t limit = 0;
  bool skip_bad = false;
  int threads = 1;  // add_to sets the default

  // Registers the options on `command`.
  void add_to(CLI::App& command);
  // Throws VectorFileError (via read_vectors) when the file cannot be read.
  LoadedVectors load(std::ostream& warnings) const;
  // Why `word` is missing from the `words_read` words load() read, when --limit is why: the
  // file is read again without it to say "\"york\" is past --limit 2: it is word 4 of v.vec"
  // (its first ASCII case variant's place if only that is there), or, when it cannot be read
  // twice (standard input, a pipe), "\"york\" is not among the first 2 words read (--limit
  // 2)". Empty when --limit did not cut the file short or the whole file lacks the word too.
  std::string past_limit(std::string_view word, int64_t words_read) const;
  // For a command that reads its queries from standard input: throws std::invalid_argument
  // when the vectors would come from there too ("-"), as they would use it all up.
  void refuse_standard_input(const std::string& command) const;
};

// The warning lines of what a reader tolerated in `path` (report.duplicates, whose first row
// was kept; report.skipped_lines, under --skip-bad), one each, on `warnings`: for every command
// that reads vectors, load() and train --init alike.
void warn_of_tolerated(std::ostream& warnings, const std::string& path, const ReadReport& report);

// Which formats an option offers.
enum class FormatChoices {
  Read,              // "auto" and every format
  Write,             // every format (train, which writes models too)
  WriteWordVectors,  // the formats word vectors alone fill (convert); another is refused
                     // with its row's not_written_here, as the option's error
};

// Registers `flag` (e.g. "--output-format") choosing a format by its flag in the format table. The
// help lists the choices and the current value as the default; an option that starts at
// Auto without offering it has no default, so it is required.
CLI::Option* add_format_option(CLI::App& command, const std::string& flag, VectorFormat& format,
                               const std::string& description, FormatChoices choices);

}  // namespace gv::tools
