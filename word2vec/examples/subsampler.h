// Subsampler: drops frequent words at random, as word2vec's -sample does.
//
// A word seen f times in a corpus of N tokens is kept with probability
//   p = (sqrt(f / (t N)) + 1) * (t N) / f,  clipped to 1,
// which leaves words rarer than about t N untouched and thins "the", "and", ... hard: they
// carry little information and would otherwise dominate both training time and the vectors.
// This is the formula of word2vec.c, not the paper's 1 - sqrt(t / freq).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "autograd/rng.h"

namespace gv {

class Subsampler {
 public:
  // counts[id] > 0 for every id; threshold t >= 0, where 0 keeps every word (word2vec uses
  // 1e-3 by default; 1e-5 suits corpora of billions of words). Throws std::invalid_argument.
  Subsampler(std::span<const int64_t> counts, double threshold);

  double keep_probability(int64_t id) const { return keep_probability_[id]; }
  bool keep(int64_t id, Rng& rng) const {
    const float p = keep_probability_[id];
    return p >= 1.0f || rng.uniform() < p;  // kept words skip the draw: t = 0 uses no randomness
  }
  // Removes the dropped words from `ids` in place (no allocation), keeping their order.
  void filter(std::vector<int64_t>& ids, Rng& rng) const;

 private:
  std::vector<float> keep_probability_;  // (V): float is plenty against a 24-bit uniform draw
};

}  // namespace gv
