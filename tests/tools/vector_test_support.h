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

// A fresh directory under the system temp dir, removed with everything in it at scope exit.
class ScratchDir {
 public:
  explicit ScratchDir(const std::string& name)
      : path_(std::filesystem::temp_directory_path() /
              ("gradvec_" + name + "_" + std::to_string(getpid()))) {
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  std::string write(const std::string& name, const std::string& content) const {
    std::ofstream(file(name), std::ios::binary) << content;
    return file(name);
  }

 private:
  std::filesystem::path path_;
};

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
