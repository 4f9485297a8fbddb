#include "word2vec/data_parallel/sync_schedule.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

namespace gv {

SyncSchedule::SyncSchedule(int64_t run_words, int processes, int64_t share_words,
                           int64_t sync_words)
    : share_words_(share_words), sync_words_(sync_words) {
  if (run_words < 0 || share_words < 0 || processes < 1 || sync_words < 1) {
    throw std::invalid_argument("sync schedule: run_words " + std::to_string(run_words) +
                                ", processes " + std::to_string(processes) + ", share_words " +
                                std::to_string(share_words) + ", sync_words " +
                                std::to_string(sync_words) + " out of bounds");
  }
  const int64_t per_round = static_cast<int64_t>(processes) * sync_words;
  rounds_ = std::max<int64_t>(1, (run_words + per_round - 1) / per_round);
}

int64_t SyncSchedule::due_at(int64_t round) const {
  // share_words * round / rounds without overflow, for shares of any size.
  return static_cast<int64_t>(static_cast<__int128>(share_words_) * round / rounds_);
}

int64_t SyncSchedule::rows_in_round(int64_t round, int64_t rows) {
  const int tiers_beyond_zero = std::countr_zero(static_cast<uint64_t>(round));
  // kTierZeroRows << 52 passes any table's rows: no shift further is needed.
  const int64_t tier_rows = kTierZeroRows << std::min(tiers_beyond_zero, 52);
  return std::min(rows, tier_rows);
}

}  // namespace gv
