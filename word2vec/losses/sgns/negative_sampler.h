// NegativeSampler: draws noise words for negative sampling in O(1) with Walker's alias method.
//
// word2vec draws negatives from the unigram distribution raised to the power 3/4,
//   P(w) = count(w)^0.75 / sum_v count(v)^0.75,
// which flattens it so rare words are drawn more often than their frequency. word2vec.c
// fills a 10^8-entry table for this; the alias table is exact (up to 2^-32) in V entries.
//
// The table has V columns of equal probability 1/V. Column i keeps word i with probability
// threshold_i / 2^32 and otherwise yields its alias, a word with more than 1/V of the mass.
// Vose's construction fills every column from at most two words, so a draw is one random
// number, one table read and one comparison.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "autograd/rng.h"

namespace gv {

class NegativeSampler {
 public:
  static constexpr double kDefaultPower = 0.75;

  // counts[id] > 0 for every id, at least one id and fewer than 2^32; power finite and >= 0
  // (0 gives the uniform distribution, 1 the unigram one). Throws std::invalid_argument.
  explicit NegativeSampler(std::span<const int64_t> counts, double power = kDefaultPower);

  int64_t size() const { return static_cast<int64_t>(columns_.size()); }

  // One 64-bit draw: the high half picks the column (Lemire's multiply-shift), the low half
  // decides between the column's word and its alias. The choice is a mask, not a conditional:
  // it is a coin flip per draw, which a branch would often mispredict.
  int64_t sample(Rng& rng) const {
    const uint64_t bits = rng.next_u64();
    const uint64_t column = ((bits >> 32) * columns_.size()) >> 32;
    const Column& c = columns_[column];
    const uint64_t own = 0 - static_cast<uint64_t>((bits & 0xFFFFFFFFu) < c.threshold);
    return static_cast<int64_t>((column & own) | (c.alias & ~own));
  }
  // Fills `out` with independent draws: the training loop's batch, without allocating.
  void sample(Rng& rng, std::span<int64_t> out) const {
    for (int64_t& id : out) id = sample(rng);
  }
  // A draw other than `excluded` (a negative is never its centre), for size() >= 2: redrawn
  // while it is `excluded`, as fastText does, but at most kMaxDraws times in all, so that no
  // vocabulary can make the loop endless. Past them, a word drawn uniformly from the others
  // (other_than). Throws std::logic_error for a table of one word, which has no other.
  int64_t sample_other_than(int64_t excluded, Rng& rng) const {
    for (int draw = 0; draw < kMaxDraws; ++draw) {
      const int64_t id = sample(rng);
      if (id != excluded) return id;
    }
    return other_than(excluded, rng);
  }
  // A word whose share of the noise is p is drawn kMaxDraws times in a row with chance p^64:
  // 5e-20 for p = 1/2, so the fallback changes no draw of an ordinary vocabulary. It is reached
  // only when `excluded` holds nearly all the noise: a word of 99% of it, as a corpus of one
  // word and a few rare ones has, falls back in half its draws.
  static constexpr int kMaxDraws = 64;

  // The chance that a draw gives `id`, read back from the table (O(V)): what the tests check
  // the table against, where draws are too few to see a share.
  double probability(int64_t id) const;

 private:
  // 8 bytes, so that a draw touches a single cache line. A column whose own word fills it
  // has alias == its own id, which makes the threshold irrelevant.
  struct Column {
    uint32_t threshold;  // P(own word | column) * 2^32
    uint32_t alias;
  };
  // Uniform over the words but `excluded`, from one random number: sample_other_than's fallback,
  // out of line, off the draw's path. Not an error, since a real vocabulary can reach it (above);
  // not one fixed word, which would then take every such negative alone. At V = 2 it is the one
  // other word, as the noise distribution without `excluded` gives. From `rng`, so that a run
  // repeats bit for bit, resumed too (checkpoints hold the workers' generators).
  int64_t other_than(int64_t excluded, Rng& rng) const;

  std::vector<Column> columns_;  // (V)
};

}  // namespace gv
