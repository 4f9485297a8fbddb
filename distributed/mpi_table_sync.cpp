#include "distributed/mpi_table_sync.h"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace gv {

const std::atomic<bool>& MpiTableSync::agreed_stop(const std::atomic<bool>& own_stop) {
  own_stop_ = &own_stop;
  return agreed_stop_;
}

void MpiTableSync::after_words(int64_t words) {
  // Once the ranks agreed to stop, no rank runs another round: each stops after the same one.
  while (!agreed_stop_ && next_round_ < schedule_.rounds() &&
         words - epoch_start_ >= schedule_.due_at(next_round_)) {
    const int64_t k = next_round_++;
    round(words, SyncSchedule::rows_in_round(k, tables_.words),
          SyncSchedule::rows_in_round(k, tables_.out_rows));
  }
}

void MpiTableSync::end_epoch(int64_t words) {
  // Every rank runs every round of the epoch, in order, whether its share reached it or not.
  for (; !agreed_stop_ && next_round_ < schedule_.rounds(); ++next_round_) {
    round(words, SyncSchedule::rows_in_round(next_round_, tables_.words),
          SyncSchedule::rows_in_round(next_round_, tables_.out_rows));
  }
  if (agreed_stop_) return;
  round(words, tables_.in_rows, tables_.out_rows);
  next_round_ = 1;
  epoch_start_ = words;
}

int64_t MpiTableSync::run_words(int64_t words) const {
  return run_words_offset_.load(std::memory_order_relaxed) + job_.size() * words;
}

std::string MpiTableSync::summary() const {
  char line[256];
  std::snprintf(
      line, sizeof line,
      "synced %d ranks in %lld rounds (%lld an epoch), averaging %.3f MB of rows a "
      "round, %.2f s syncing",
      job_.size(), static_cast<long long>(rounds_done_), static_cast<long long>(schedule_.rounds()),
      rounds_done_ > 0 ? double(bytes_averaged_) / double(rounds_done_) / 1e6 : 0.0, mpi_seconds_);
  return line;
}

void MpiTableSync::stop(int64_t words) {
  // Every rank agreed at the same round, so all have the same next round here: a round of the
  // epoch ran (some rows differ) unless the epoch's full sync ended it.
  if (next_round_ > 1) round(words, tables_.in_rows, tables_.out_rows);
}

SyncState MpiTableSync::state() const {
  return {schedule_.sync_words(), 0, next_round_, {{schedule_.share_words(), epoch_start_}}};
}

void MpiTableSync::resume(const SyncState& state, int64_t words, int64_t run_words) {
  next_round_ = state.next_round;
  epoch_start_ = state.processes[static_cast<size_t>(job_.rank())].epoch_start;
  run_words_offset_.store(run_words - job_.size() * words, std::memory_order_relaxed);
}

void MpiTableSync::round(int64_t words, int64_t in_rows, int64_t out_rows) {
  const auto start = std::chrono::steady_clock::now();
  int64_t shared[2] = {words, own_stop_ != nullptr && own_stop_->load() ? 1 : 0};
  job_.sum(shared, 2);
  run_words_offset_.store(shared[0] - job_.size() * words, std::memory_order_relaxed);
  if (shared[1] > 0) agreed_stop_ = true;
  average_in_rows(in_rows);
  // Hierarchical softmax numbers its inner nodes from the leaves up: the root, on every path,
  // is the last row but one, and the nodes near it the rows before.
  average_rows(tables_.out, tables_.out_inner_nodes ? tables_.out_rows - out_rows : 0, out_rows);
  ++rounds_done_;
  mpi_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void MpiTableSync::average_in_rows(int64_t rows) {
  // The frozen rows are equal on every rank, but their mean need not be bit for bit the same:
  // three equal floats summed, then / 3, can round to a neighbour. They are put back.
  const int64_t floats = tables_.row_floats;
  const std::vector<int64_t> none;
  const std::vector<int64_t>& frozen = tables_.frozen_in ? *tables_.frozen_in : none;
  const auto end = std::lower_bound(frozen.begin(), frozen.end(), rows);
  frozen_values_.clear();
  for (auto id = frozen.begin(); id != end; ++id) {
    const float* row = tables_.in + *id * floats;
    frozen_values_.insert(frozen_values_.end(), row, row + floats);
  }
  average_rows(tables_.in, 0, rows);
  const float* kept = frozen_values_.data();
  for (auto id = frozen.begin(); id != end; ++id, kept += floats)
    std::copy(kept, kept + floats, tables_.in + *id * floats);
}

void MpiTableSync::average_rows(float* table, int64_t first_row, int64_t rows) {
  job_.average(table + first_row * tables_.row_floats, rows * tables_.row_floats);
  bytes_averaged_ += rows * tables_.row_floats * static_cast<int64_t>(sizeof(float));
}

}  // namespace gv
