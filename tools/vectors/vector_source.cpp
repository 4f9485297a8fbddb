#include "tools/vectors/vector_source.h"

#include <cstdio>

namespace gv {

std::shared_ptr<const MappedFile> map_vector_file(const std::string& path, bool prefault) {
  // MappedFile says "PATH: what" in a std::runtime_error; readers promise VectorFileError for
  // every problem with the file.
  try {
    return std::make_shared<const MappedFile>(path, prefault);
  } catch (const std::runtime_error& e) {
    throw VectorFileError(e.what());
  }
}

VectorFileError VectorSource::error(std::string_view what) const {
  return VectorFileError(std::string(path) + ": " + std::string(what));
}

VectorFileError VectorSource::error_at_line(int64_t line, std::string_view what) const {
  return VectorFileError(std::string(path) + ":" + std::to_string(line) + ": " + std::string(what));
}

VectorFileError VectorSource::error_at_word(int64_t index, std::string_view word,
                                            std::string_view what) const {
  return VectorFileError(std::string(path) + ": word index " + std::to_string(index) + " (" +
                         quoted(word) + "): " + std::string(what));
}

std::string quoted(std::string_view token) {
  constexpr size_t kMaxBytes = 40;
  std::string out = "\"";
  for (const char c : token.substr(0, kMaxBytes)) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) {
      char escaped[5];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
      out += escaped;
    } else {
      out += c;
    }
  }
  out += token.size() > kMaxBytes ? "\"..." : "\"";
  return out;
}

}  // namespace gv
