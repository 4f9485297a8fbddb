#include "tools/vectors/vector_io.h"

#include <algorithm>
#include <thread>

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
  // Prefaulting pays off only when every page will be read.
  const std::shared_ptr<const MappedFile> file = map_vector_file(path, options.limit == 0);
  const VectorSource source{path, file->bytes(), file};
  if (source.bytes.empty()) throw source.error("empty file");

  ReadOptions resolved = options;
  resolved.threads = options.threads > 0
                         ? options.threads
                         : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  ReadReport local;
  local.format =
      options.format == VectorFormat::Auto ? detect_vector_format(source.bytes) : options.format;
  WordVectors vectors = vector_format_spec(local.format).read(source, resolved, local);
  if (report != nullptr) *report = local;
  return vectors;
}

}  // namespace gv
