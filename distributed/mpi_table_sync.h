// MpiTableSync: the trainer's TableSync (word2vec/data_parallel/table_sync.h) over MPI. The ranks
// average their tables with MPI_Allreduce (a sum, then / ranks, in place) on the SyncSchedule.
// Averaging rather than adding up each rank's changes since the last round: a sum moves the tables
// as far per word as one process would, but each rank's changes are made on rows that have not seen
// the others' since the round before, and at 3 ranks the sum overshoots where the mean at 3 x --lr
// trains as well as one process (docs/distributed.md). The rows: at each round the most frequent
// words' rows of W_in and the busiest rows of W_out (the most frequent words', or hierarchical
// softmax's inner nodes nearest the root), and at each epoch's end every row, subword buckets
// included.
//
// Each round first sums two numbers over the ranks: the words each has read (the run's count,
// exact at a sync, for the learning rate) and whether one was asked to stop (so that all stop
// after the same round). Worker 0 runs the rounds due within an epoch while the other workers
// go on training (Hogwild, as pWord2Vec's communication thread); the rounds its share finished
// too early for, and the epoch's full sync, run at the epoch's end with every worker idle.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "distributed/mpi_job.h"
#include "word2vec/data_parallel/sync_schedule.h"
#include "word2vec/data_parallel/table_sync.h"

namespace gv {

class MpiTableSync final : public TableSync {
 public:
  MpiTableSync(const MpiJob& job, SyncSchedule schedule) : job_(job), schedule_(schedule) {}

  int process() const override { return job_.rank(); }
  int processes() const override { return job_.size(); }
  void begin(const SyncedTables& tables) override { tables_ = tables; }
  const std::atomic<bool>& agreed_stop(const std::atomic<bool>& own_stop) override;
  void after_words(int64_t words) override;
  void end_epoch(int64_t words) override;
  int64_t run_words(int64_t words) const override;
  // Checkpoints across ranks (mpi_train_group.h): the stop's full sync, and the schedule's place.
  void stop(int64_t words) override;
  SyncState state() const override;
  void resume(const SyncState& state, int64_t words, int64_t run_words) override;

  // Whether the ranks have agreed to stop (every rank learns it at the same round).
  bool stopping() const { return agreed_stop_; }
  // One line on the rounds so far: the ranks, the rounds (and an epoch's), the bytes of the
  // rows a round averages (float32; each rank sends and receives about twice that in a ring
  // Allreduce), and the seconds this rank spent in the rounds: their MPI calls, waiting for the
  // slowest rank included, and the division.
  std::string summary() const;

 private:
  // One round: the words and the stop flag, then rows [0, in_rows) of W_in and out_rows of W_out.
  void round(int64_t words, int64_t in_rows, int64_t out_rows);
  void average_rows(float* table, int64_t first_row, int64_t rows);
  // average_rows of W_in's rows [0, rows) but the frozen ones, which stay as they are.
  void average_in_rows(int64_t rows);

  const MpiJob& job_;
  SyncSchedule schedule_;
  SyncedTables tables_;
  const std::atomic<bool>* own_stop_ = nullptr;
  std::atomic<bool> agreed_stop_{false};
  int64_t next_round_ = 1;   // of the epoch under way
  int64_t epoch_start_ = 0;  // the words read before it
  // The run's words at the last round less ranks x this rank's then: run_words() adds
  // ranks x this rank's words now. Written by the syncing thread, read by every worker.
  std::atomic<int64_t> run_words_offset_{0};
  int64_t rounds_done_ = 0;
  int64_t bytes_averaged_ = 0;
  double mpi_seconds_ = 0;
  std::vector<float> frozen_values_;  // average_in_rows()'s copy of the frozen rows
};

}  // namespace gv
