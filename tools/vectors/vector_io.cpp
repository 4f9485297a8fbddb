#include "tools/vectors/vector_io.h"

#include <algorithm>
#include <optional>

#include "io/printable.h"
#include "io/text_encoding.h"
#include "tools/vectors/parallel_for.h"
#include "tools/vectors/vector_format_detection.h"
#include "tools/vectors/vector_source.h"

namespace gv {

WordVectors read_vectors(const std::string& path, const ReadOptions& options, ReadReport* report) {
  if (options.limit < 0) {
    throw std::invalid_argument("read_vectors: limit must be >= 0, got " +
                                std::to_string(options.limit));
  }
  if (options.threads < 0) {
    throw std::invalid_argument("read_vectors: threads must be >= 0, got " +
                                std::to_string(options.threads));
  }
  ReadOptions resolved = options;
  resolved.threads = tools::resolve_threads(options.threads);
  // A stream's prefix is read as the file would be, so it stops at the first problem that
  // more bytes cannot mend, or once --limit's words are in.
  const auto check_prefix = [&](const VectorSource& prefix) {
    const std::optional<VectorFormat> format = options.format == VectorFormat::Auto
                                                   ? detect_vector_format_of_prefix(prefix.bytes)
                                                   : options.format;
    if (!format) return false;
    ReadReport ignored;
    const WordVectors vectors = vector_format_spec(*format).read(prefix, resolved, ignored);
    return options.limit > 0 && vectors.size() >= options.limit;
  };
  // Prefaulting pays off only when every page will be read.
  const VectorSource source = load_vector_source(path, options.limit == 0, check_prefix);
  if (source.bytes.empty()) throw source.error("empty file");

  // Files of another kind are named for what they are, with what reads them.
  const std::string name = input_name(path);
  if (const std::string encoding =
          wide_unicode_encoding(source.bytes.substr(0, kEncodingCheckBytes));
      !encoding.empty()) {
    throw source.error(wide_encoding_advice(encoding, name));
  }
  const std::optional<VectorFormat> evident = unmistakable_vector_format(source.bytes);
  if (options.format != VectorFormat::Auto && evident && *evident != options.format) {
    throw source.error("looks like " + std::string(vector_format_name(*evident)) +
                       " vectors, not " + std::string(vector_format_name(options.format)) +
                       "; --vectors-format auto reads it as it is");
  }
  ReadReport local;
  local.format =
      options.format == VectorFormat::Auto ? detect_vector_format(source.bytes) : options.format;
  local.bytes = static_cast<int64_t>(source.file->bytes().size());
  WordVectors vectors;
  try {
    vectors = vector_format_spec(local.format).read(source, resolved, local);
  } catch (const VectorFileError&) {
    if (local.format == VectorFormat::Glove && looks_like_plain_text(source.bytes)) {
      throw source.error(
          "looks like plain text, not vectors; to train on it: gradvec train --corpus " + path);
    }
    throw;
  }
  if (report != nullptr) *report = local;
  return vectors;
}

}  // namespace gv
