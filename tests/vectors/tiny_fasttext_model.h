// A fastText model small enough to check by hand: 3 words, dim 3, n-grams of 2-3 code points
// hashed into 5 buckets. Every vector the tests expect is computed here from n-grams listed by
// hand and fasttext_hash, not by the code under test.
#pragma once

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "embeddings/subword_rows.h"
#include "tools/vectors/fasttext_model.h"

namespace gv::test {

struct TinyFastTextModel {
  static constexpr int64_t kWords = 3, kDim = 3, kBuckets = 5;

  FastTextArgs args = [] {
    FastTextArgs a;
    a.dim = kDim;
    a.bucket = kBuckets;
    a.minn = 2;
    a.maxn = 3;
    a.epoch = 1;
    return a;
  }();
  std::vector<FastTextEntry> entries = {{"the", 5}, {"caf\xc3\xa9", 3}, {"</s>", 2}};
  int64_t ntokens = 10;
  std::vector<float> input = table(kWords + kBuckets, kDim, 1.0);  // (8, 3)
  std::vector<float> output = table(kWords, kDim, 100.0);          // (3, 3)

  // The n-grams of "<word>" of 2 and 3 code points, in fastText's order: by start, then length.
  // "</s>" has none.
  std::map<std::string, std::vector<std::string>> ngrams = {
      {"the", {"<t", "<th", "th", "the", "he", "he>", "e>"}},
      {"caf\xc3\xa9",
       {"<c", "<ca", "ca", "caf", "af", "af\xc3\xa9", "f\xc3\xa9", "f\xc3\xa9>", "\xc3\xa9>"}},
      {"</s>", {}},
      {"xyz", {"<x", "<xy", "xy", "xyz", "yz", "yz>", "z>"}},
      {"cafe", {"<c", "<ca", "ca", "caf", "af", "afe", "fe", "fe>", "e>"}},
  };

  // Distinct values that are no multiples of each other: sin of the flat index, shifted.
  static std::vector<float> table(int64_t rows, int64_t cols, double phase) {
    std::vector<float> values(static_cast<size_t>(rows * cols));
    for (size_t i = 0; i < values.size(); ++i) {
      values[i] = static_cast<float>(std::sin(phase + static_cast<double>(i)));
    }
    return values;
  }

  MatrixView input_view() const { return {input.data(), kWords + kBuckets, kDim}; }
  MatrixView output_view() const { return {output.data(), kWords, kDim}; }
  void write(const std::string& path) const {
    write_fasttext_bin(path, args, entries, ntokens, input_view(), output_view());
  }

  // fastText's vector of `word`: the mean of its own row (word_id >= 0) and its n-gram rows.
  std::vector<double> vector_of(const std::string& word, int64_t word_id) const {
    std::vector<int64_t> rows;
    if (word_id >= 0) rows.push_back(word_id);
    for (const std::string& ngram : ngrams.at(word)) {
      rows.push_back(kWords + fasttext_hash(ngram) % kBuckets);
    }
    std::vector<double> mean(kDim, 0.0);
    for (const int64_t row : rows) {
      for (int64_t c = 0; c < kDim; ++c) mean[c] += input[static_cast<size_t>(row * kDim + c)];
    }
    for (double& value : mean) value /= rows.empty() ? 1.0 : static_cast<double>(rows.size());
    return mean;
  }
};

}  // namespace gv::test
