#include "word2vec/vector_io.h"

#include <algorithm>
#include <thread>

#include "word2vec/mapped_file.h"
#include "word2vec/vector_binary_reader.h"
#include "word2vec/vector_format_detection.h"
#include "word2vec/vector_text_reader.h"

namespace gv {

std::string_view vector_format_name(VectorFormat format) {
  switch (format) {
    case VectorFormat::Auto:
      return "auto";
    case VectorFormat::Glove:
      return "glove";
    case VectorFormat::Word2VecText:
      return "word2vec text";
    case VectorFormat::Word2VecBinary:
      return "word2vec binary";
  }
  return "unknown";
}

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
  const MappedFile file(path, /*prefault=*/options.limit == 0);
  const VectorSource source{path, file.bytes()};
  if (source.bytes.empty()) throw source.error("empty file");

  ReadOptions resolved = options;
  resolved.threads = options.threads > 0
                         ? options.threads
                         : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  ReadReport local;
  local.format =
      options.format == VectorFormat::Auto ? detect_vector_format(source.bytes) : options.format;
  WordVectors vectors =
      local.format == VectorFormat::Word2VecBinary
          ? read_binary_vectors(source, resolved, local)
          : read_text_vectors(source, local.format == VectorFormat::Word2VecText, resolved, local);
  if (report != nullptr) *report = local;
  return vectors;
}

}  // namespace gv
