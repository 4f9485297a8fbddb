// TableSync: the hook through which several processes train one model, each its share of the
// corpus (data-parallel training: distributed/ implements it over MPI). A plain run has none,
// and the trainer asks nothing then.
//
// The trainer calls it at word counts, never per word: worker 0 after each step that ends a
// sentence (after_words), and the calling thread at each epoch's end with every worker idle
// (end_epoch). What it does there, averaging rows of the tables with the other processes, is
// its own business; the tables are the trainer's, shared with its Hogwild workers.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

namespace gv {

// The tables as the trainer holds them, rows of row_floats floats. The rows of W_in are the
// vocabulary's words, most frequent first, then the subword buckets; W_out's are the words (sgns,
// softmax) or hierarchical softmax's inner nodes, numbered from the leaves up (the root last).
struct SyncedTables {
  float* in = nullptr;
  int64_t in_rows = 0;
  float* out = nullptr;
  int64_t out_rows = 0;
  int64_t words = 0;  // the vocabulary's size
  int64_t row_floats = 0;
  bool out_inner_nodes = false;  // W_out's busiest rows are its last (hierarchical softmax)
  // Ascending ids of the W_in rows no process trains (--freeze-known), equal on every process;
  // null when none is.
  const std::vector<int64_t>* frozen_in = nullptr;
};

// Where one process stands in its sync schedule: what a checkpoint keeps of it, so that a
// resumed run's rounds fall at the same words as the uninterrupted run's.
struct SyncPosition {
  int64_t share_words = 0;  // its share's words an epoch, as its schedule counts them
  int64_t epoch_start = 0;  // its words read before the epoch whose rounds are under way
};

// Where a data-parallel run stands in its sync schedule, every process's position in process
// order. No process at all: a run that trained alone.
struct SyncState {
  int64_t sync_words = 0;  // the words each process reads between two rounds
  int64_t epoch = 0;       // the epoch whose rounds are under way (all processes run the same)
  int64_t next_round = 1;  // its next round, 1 when none of its rounds has run yet
  std::vector<SyncPosition> processes;
};

class TableSync {
 public:
  virtual ~TableSync() = default;
  // This process's number among `processes()`: its share of the corpus is part `process()` of
  // split_corpus(corpus, processes()), and its workers' random streams are numbered after those
  // of the processes before it.
  virtual int process() const = 0;
  virtual int processes() const = 0;
  // Once, before training, with the tables (which outlive the sync's use of them).
  virtual void begin(const SyncedTables& tables) = 0;
  // Watches `own_stop`, this process's stop request, from now on; returns the flag that turns
  // true at the sync where the processes learn that one of them asked to stop, so that all stop
  // at the same sync.
  virtual const std::atomic<bool>& agreed_stop(const std::atomic<bool>& own_stop) = 0;
  // From worker 0, at a step's end that is a sentence end: this process's workers have read
  // `words` in-vocabulary tokens since the run began.
  virtual void after_words(int64_t words) = 0;
  // With every worker idle at an epoch's end, `words` as after_words'.
  virtual void end_epoch(int64_t words) = 0;
  // The words every process together has read, when this one has read `words`: exact at a sync,
  // estimated in between as processes() times this one's progress since, for the learning rate.
  virtual int64_t run_words(int64_t words) const = 0;

  // With every worker idle, once the processes agreed to stop: makes every process's tables
  // equal (averaging every row, unless the last round did), so that one copy is the run's.
  virtual void stop(int64_t words) = 0;
  // Where this process stands (its own position alone in `processes`; `epoch` is the trainer's).
  virtual SyncState state() const = 0;
  // Continues a checkpointed run from `state` (every process's), this process having read
  // `words` of the `run_words` all processes have: the rounds go on where they stood.
  virtual void resume(const SyncState& state, int64_t words, int64_t run_words) = 0;
};

}  // namespace gv
