// Helpers shared by the tests of the vector query tools: small hand-built WordVectors,
// a scratch directory, and capturing what a command prints.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "tests/scratch_dir.h"
#include "word2vec/word_vectors.h"

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

using gv::testing::ScratchDir;

// Redirects std::cout into a string for the lifetime of the object.
class CaptureStdout {
 public:
  CaptureStdout() : old_(std::cout.rdbuf(captured_.rdbuf())) {}
  ~CaptureStdout() { std::cout.rdbuf(old_); }
  std::string str() const { return captured_.str(); }

 private:
  std::ostringstream captured_;
  std::streambuf* old_;
};

}  // namespace gv::test
