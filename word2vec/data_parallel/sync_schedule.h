// SyncSchedule: when the processes of a data-parallel run average their tables, and which rows,
// counted in words read (never in seconds), so that a run with one thread per process repeats
// bit for bit.
//
// Each epoch has N rounds for every process: round k (1 <= k < N) is due once the process has
// read k/N of its share's words in the epoch, and round N, at the epoch's end, averages every
// row. N is the run's words per epoch over (processes x sync_words), at least 1, so each process
// reads about sync_words words between two rounds.
//
// The rows are in frequency tiers, the vocabulary being sorted by count: tier 0 is the
// kTierZeroRows most frequent words, tier t >= 1 the next 2^(t-1) x kTierZeroRows. Round k
// averages the tiers t with 2^t dividing k: tier 0 every round, tier 1 every second, tier t
// every 2^t-th. Those tiers are rows [0, kTierZeroRows x 2^tz(k)) with tz(k) the trailing zero
// bits of k, one contiguous block, so a round is one exchange per table.
#pragma once

#include <cstdint>

namespace gv {

class SyncSchedule {
 public:
  static constexpr int64_t kTierZeroRows = 1024;
  static constexpr int64_t kDefaultSyncWords = 20000;

  // `run_words` the in-vocabulary tokens of one epoch of the whole corpus, `share_words` this
  // process's part of them (exact or estimated), `sync_words` >= 1. Throws std::invalid_argument
  // for a value out of bounds.
  SyncSchedule(int64_t run_words, int processes, int64_t share_words, int64_t sync_words);

  // N: the rounds of an epoch, the last its full sync.
  int64_t rounds() const { return rounds_; }
  // The words of its share a process has read in the epoch when round k (1 <= k < N) is due.
  int64_t due_at(int64_t round) const;
  // How many of the most frequent rows round k (1 <= k < N) averages, of `rows`.
  static int64_t rows_in_round(int64_t round, int64_t rows);
  int64_t share_words() const { return share_words_; }
  int64_t sync_words() const { return sync_words_; }

 private:
  int64_t rounds_;
  int64_t share_words_;
  int64_t sync_words_;
};

}  // namespace gv
