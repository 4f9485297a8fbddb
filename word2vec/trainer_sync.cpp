// The Trainer's part in data-parallel training (table_sync.h): joining the processes, and
// training an epoch at a time with a sync at each epoch's end.
#include <atomic>
#include <cstdint>
#include <vector>

#include "word2vec/trainer.h"

namespace gv {

void Trainer::join(TableSync& sync) {
  sync_ = &sync;
  share_ = split_corpus(corpus_, sync.processes())[static_cast<size_t>(sync.process())];
  sentences_.clear();  // the counting pass kept the slices of the whole corpus, not of the share
  Var in = in_->weight(), out = out_->weight();  // handles: the sync writes the tables
  const int64_t floats = row_floats(options_.dim);
  sync.begin({in.value().data(), in.value().numel() / floats, out.value().data(),
              out.value().numel() / floats, vocab_.size(), floats, options_.loss == LossKind::hs,
              &continued_.frozen_rows});
  if (!resumed_) {
    split_workers(options_.threads, 0);
    return;
  }
  const auto processes = static_cast<int64_t>(resumed_sync_.processes.size());
  if (processes != sync.processes()) {
    throw std::invalid_argument("train: the checkpoint was written by " +
                                std::to_string(processes) + " process(es), not " +
                                std::to_string(sync.processes()));
  }
  // The checkpoint holds every process's workers in process order: this one's are its own.
  const auto first = positions_.begin() + int64_t{sync.process()} * options_.threads;
  positions_ = std::vector<WorkerPosition>(first, first + options_.threads);
  ranges_ = split_corpus(corpus_, options_.threads, share_);
  int64_t words = 0;
  for (const WorkerPosition& p : positions_) words += p.words_done;
  sync_epoch_ = resumed_sync_.epoch;
  sync.resume(resumed_sync_, words, progress_.words_done);
}

int64_t Trainer::words_done_by_run() const {
  return sync_ ? sync_->run_words(words_done_by_all()) : words_done_by_all();
}

bool Trainer::train_synced(const ProgressFn& on_progress, const std::atomic<bool>& stop,
                           int64_t stop_after_words) {
  // The workers stop where the processes agreed to, all at the same sync.
  const std::atomic<bool>& agreed = sync_->agreed_stop(stop);
  // From the epoch whose rounds are under way: a process whose share ended before a stop
  // resumes at the next epoch's start, its workers done with this one, and runs its rounds left.
  for (; sync_epoch_ < options_.epochs; ++sync_epoch_) {
    const bool trained = train_workers(on_progress, agreed, stop_after_words, sync_epoch_ + 1);
    if (trained) sync_->end_epoch(words_done_by_all());
    progress_.words_done = words_done_by_run();  // exact after a sync; the last report estimated
    if (trained && !agreed.load()) continue;
    // Stopped at a round: the epoch's last (its full sync, the epoch done), or one before it.
    if (trained && sync_->state().next_round == 1) ++sync_epoch_;
    sync_->stop(words_done_by_all());
    return false;
  }
  return true;
}

}  // namespace gv
