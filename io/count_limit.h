// How many tokens the word counts of a file may add up to: one bound for every reader of counts
// (vocabulary files, checkpoints, fastText models) and for the vocabulary a run builds, so that
// everything training derives from the counts can be represented.
//
// Negative sampling draws a word with probability count^0.75 / sum count^0.75 from an alias
// table that stores each word's share of its column in 32 bits
// (word2vec/losses/sgns/negative_sampler.h). Among V >= 2 words whose counts add up to N, the
// 0.75 powers add up to at most V^0.25 N^0.75, so a word of count 1 has at least (V / N)^0.75 of
// a column: with N <= 2^44 that is at least 2^-32.25, which rounds to one of the 2^32 steps, and
// every word can be drawn. count / N, and subsampling's keep probability (never below sqrt(t)),
// are then finite and positive too. 2^44 is 1.8e13 tokens, some 100 times the largest corpora
// word2vec has been trained on: a larger total is no corpus but a crafted or corrupt file (2^62
// in one count rounded every other word's share to 0, and the draw of a negative other than its
// centre never ended).
#pragma once

#include <cstdint>
#include <string>

namespace gv {

inline constexpr int64_t kMaxTotalCount = int64_t{1} << 44;

// Whether `count` may follow counts that add up to `total` (in [0, kMaxTotalCount]): it is at
// least 1 and keeps the sum within kMaxTotalCount.
constexpr bool count_fits(int64_t count, int64_t total) {
  return count >= 1 && count <= kMaxTotalCount - total;
}

// What a count refused by count_fits(count, total) must be, for must_be's wording:
// "in [1, M] (counts add up to at most 2^44 tokens; those before it to T)".
std::string count_requirement(int64_t total);

}  // namespace gv
