#include "tools/vectors/vector_io.h"

#include <algorithm>
#include <optional>

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

  ReadReport local;
  local.format =
      options.format == VectorFormat::Auto ? detect_vector_format(source.bytes) : options.format;
  local.bytes = static_cast<int64_t>(source.file->bytes().size());
  WordVectors vectors = vector_format_spec(local.format).read(source, resolved, local);
  if (report != nullptr) *report = local;
  return vectors;
}

}  // namespace gv
