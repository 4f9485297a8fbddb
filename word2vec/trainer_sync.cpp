// The Trainer's part in data-parallel training (table_sync.h): joining the processes, and
// training an epoch at a time with a sync at each epoch's end.
#include <atomic>
#include <cstdint>

#include "word2vec/trainer.h"

namespace gv {

void Trainer::join(TableSync& sync) {
  sync_ = &sync;
  share_ = split_corpus(corpus_, sync.processes())[static_cast<size_t>(sync.process())];
  sentences_.clear();  // the counting pass kept the slices of the whole corpus, not of the share
  split_workers(options_.threads, 0);
  Var in = in_->weight(), out = out_->weight();  // handles: the sync writes the tables
  const int64_t floats = row_floats(options_.dim);
  sync.begin({in.value().data(), in.value().numel() / floats, out.value().data(),
              out.value().numel() / floats, vocab_.size(), floats, options_.loss == LossKind::hs});
}

int64_t Trainer::words_done_by_run() const {
  return sync_ ? sync_->run_words(words_done_by_all()) : words_done_by_all();
}

bool Trainer::train_synced(const ProgressFn& on_progress, const std::atomic<bool>& stop,
                           int64_t stop_after_words) {
  // The workers stop where the processes agreed to, all at the same sync.
  const std::atomic<bool>& agreed = sync_->agreed_stop(stop);
  for (int64_t epoch = epochs_begun(); epoch < options_.epochs; ++epoch) {
    if (!train_workers(on_progress, agreed, stop_after_words, epoch + 1)) return false;
    sync_->end_epoch(words_done_by_all());
    progress_.words_done = words_done_by_run();  // exact after a sync; the last report estimated
    if (agreed.load()) return false;
  }
  return true;
}

}  // namespace gv
