// read_back(): a run's rare words, which live on disk (word2vec/rare_words.h), back in memory as
// WordCounts, each word's `first` its place among them: for a test to compare or look them up.
#pragma once

#include <cstdint>
#include <string_view>

#include "word2vec/rare_words.h"

namespace gv::testing {

inline WordCounts read_back(const RareWords& rare) {
  WordCounts words;
  rare.visit([&](std::string_view word, int64_t count) {
    words.insert(word, {count, words.size()});
  });
  return words;
}

}  // namespace gv::testing
