// Helpers shared by the tests of vector files and of the queries on them: small hand-built
// WordVectors and the two analogy examples the query tests share, the raw bytes binary files hold,
// bit-exact float comparison, a file read with its format and report, the message a file is
// refused with, and a scratch directory.
#pragma once

#include <cmath>
#include <cstring>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "tests/scratch_dir.h"
#include "tools/vectors/vector_io.h"
#include "tools/vectors/word_vectors.h"

namespace gv::test {

// Words and their vectors, (V, d) row by row.
using VectorRows = std::vector<std::pair<std::string, std::vector<float>>>;

inline WordVectors make_vectors(const VectorRows& rows) {
  WordVectors vectors;
  vectors.dim = rows.empty() ? 0 : static_cast<int64_t>(rows[0].second.size());
  for (const auto& [word, values] : rows) {
    vectors.words.push_back(word);
    vectors.values.insert(vectors.values.end(), values.begin(), values.end());
  }
  return vectors;
}

// The analogy example (V, 4): a, b, c are orthonormal; x and y are unit vectors chosen by
// their cosines with them:
//   cos(x; a, b, c) = (0, 0.9, 0.1),   x = (0, 0.9, 0.1, sqrt(1 - 0.81 - 0.01))
//   cos(y; a, b, c) = (0, 0.5, 0.45),  y = (0, 0.5, 0.45, sqrt(1 - 0.25 - 0.2025))
// x and y are stored scaled by 3 and 0.5: every query must normalise them first.
// For a : b :: c : ?
//   3CosAdd, cos with (b - a + c) / sqrt(3):  x (0.9 + 0.1) / sqrt(3) = 0.577350,
//                                             y (0.5 + 0.45) / sqrt(3) = 0.548483  -> x
//   3CosMul, (1+cos_b)/2 (1+cos_c)/2 / ((1+cos_a)/2 + 1e-6):
//       x 0.95 * 0.55 / 0.500001 = 1.044998,  y 0.75 * 0.725 / 0.500001 = 1.087498 -> y
// so the two methods disagree: the additive score is won by x's single large cosine with b.
// `later_rows` follow y.
inline WordVectors analogy_example(const VectorRows& later_rows = {}) {
  const float x4 = std::sqrt(0.18f), y4 = std::sqrt(0.5475f);
  VectorRows rows = {{"a", {1, 0, 0, 0}},
                     {"b", {0, 1, 0, 0}},
                     {"c", {0, 0, 1, 0}},
                     {"x", {0, 3 * 0.9f, 3 * 0.1f, 3 * x4}},
                     {"y", {0, 0.5f * 0.5f, 0.5f * 0.45f, 0.5f * y4}}};
  rows.insert(rows.end(), later_rows.begin(), later_rows.end());
  return make_vectors(rows);
}

// a, b and c of length 1 in (V, 3), with c = a - b: b - a + c, the 3CosAdd query of
// a : b :: c : ?, cancels out to zero up to rounding. `later_rows` follow c.
inline WordVectors cancelling_example(const VectorRows& later_rows = {}) {
  const float h = std::sqrt(3.0f) / 2;
  VectorRows rows = {{"a", {1, 0, 0}}, {"b", {0.5f, h, 0}}, {"c", {0.5f, -h, 0}}};
  rows.insert(rows.end(), later_rows.begin(), later_rows.end());
  return make_vectors(rows);
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

// The vectors in `path`, read as `format` (by default, the format it is detected as), with
// what the reader found in `report`.
inline WordVectors read(const std::string& path, ReadReport* report = nullptr,
                        VectorFormat format = VectorFormat::Auto) {
  ReadOptions options;
  options.format = format;
  return read_vectors(path, options, report);
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

using gv::testing::read_file;
using gv::testing::ScratchDir;

}  // namespace gv::test
