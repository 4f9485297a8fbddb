// The vector-file harnesses' one step: a reader of the format table run on the input in memory
// (the fuzzer's own buffer, so AddressSanitizer sees a read one byte past the end), with the
// default options and with a limit and skip_bad, which take other paths through each reader.
#pragma once

#include <cstdint>
#include <vector>

#include "tests/fuzz/fuzz_support.h"
#include "tools/vectors/subword_vectors.h"
#include "tools/vectors/vector_formats.h"
#include "tools/vectors/vector_io.h"
#include "tools/vectors/vector_source.h"

namespace gv::fuzz {

inline constexpr const char* kVectorFile = "fuzz-input.vec";

// What every successful read must give: a row of dim values per word, and for a fastText model
// n-gram rows that can be read (they point into the input).
inline void check_vectors(const WordVectors& vectors) {
  if (vectors.dim < 1 || vectors.values.size() != vectors.words.size() * size_t(vectors.dim)) {
    finding("vectors of inconsistent shape");
  }
  if (vectors.subwords) {
    std::vector<float> row(static_cast<size_t>(vectors.subwords->dim()));
    vectors.subwords->ngram_vector("unseen", row.data());
  }
}

inline void read_in_memory(VectorFormat format, const uint8_t* data, size_t size) {
  if (size == 0) return;  // read_vectors refuses an empty file before any reader runs
  const VectorSource source{kVectorFile, {reinterpret_cast<const char*>(data), size}, nullptr};
  ReadOptions defaults;
  defaults.threads = 1;
  ReadOptions limited = defaults;
  limited.limit = 2;
  limited.skip_bad = true;
  for (const ReadOptions& options : {defaults, limited}) {
    ReadReport report;
    try {
      check_vectors(vector_format_spec(format).read(source, options, report));
    } catch (const VectorFileError& e) {
      check_error(e, kVectorFile);
    }
  }
}

}  // namespace gv::fuzz
