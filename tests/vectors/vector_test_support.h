// Helpers shared by the tests of vector files and of the queries on them: small hand-built
// WordVectors, the raw bytes binary files hold, bit-exact float comparison, the message a
// file is refused with, and a scratch directory.
#pragma once

#include <cstring>
#include <fstream>
#include <initializer_list>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include "tests/scratch_dir.h"
#include "tools/vectors/vector_io.h"
#include "tools/vectors/word_vectors.h"

namespace gv::test {

inline WordVectors make_vectors(
    const std::vector<std::pair<std::string, std::vector<float>>>& rows) {
  WordVectors vectors;
  vectors.dim = rows.empty() ? 0 : static_cast<int64_t>(rows[0].second.size());
  for (const auto& [word, values] : rows) {
    vectors.words.push_back(word);
    vectors.values.insert(vectors.values.end(), values.begin(), values.end());
  }
  return vectors;
}

// The little-endian float32 bytes word2vec binary files store.
inline std::string bytes_of(std::initializer_list<float> values) {
  std::string bytes(values.size() * sizeof(float), '\0');
  std::memcpy(bytes.data(), values.begin(), bytes.size());
  return bytes;
}

// Bit-for-bit equality, so -0.0 vs 0.0 or a last-bit difference is a failure.
inline bool same_bits(float a, float b) {
  return std::memcmp(&a, &b, sizeof a) == 0;
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// The message of the VectorFileError that reading `path` throws, or "" when it reads.
inline std::string read_error(const std::string& path, const ReadOptions& options = {}) {
  try {
    read_vectors(path, options);
  } catch (const VectorFileError& e) {
    return e.what();
  }
  return "";
}
inline std::string read_error(const std::string& path, VectorFormat format) {
  return read_error(path, ReadOptions{format});
}

using gv::testing::ScratchDir;

}  // namespace gv::test
