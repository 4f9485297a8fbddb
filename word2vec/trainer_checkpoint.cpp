// The Trainer's checkpoints (checkpoint.h): restoring a run, and what it writes of one.
#include <algorithm>
#include <exception>
#include <string>
#include <utility>

#include "word2vec/checkpoint/checkpoint.h"
#include "word2vec/trainer.h"

namespace gv {

Trainer Trainer::resumed(const std::string& checkpoint_path, Corpus corpus) {
  TrainerCheckpoint saved = read_checkpoint(checkpoint_path, corpus);
  TrainingState& state = saved.training;
  Trainer trainer(std::move(corpus), state.options, std::move(saved.vocab), state.corpus,
                  std::move(state.rare), std::move(state.continued));
  for (const auto& [table, saved_table] :
       {std::pair{trainer.in_.get(), &saved.w_in}, std::pair{trainer.out_.get(), &saved.w_out}}) {
    Var weight = table->weight();  // a handle: writes reach the table
    std::copy_n(saved_table->data(), saved_table->numel(), weight.value().data());
  }
  try {
    trainer.optimizer_->load_state(state.optimizer);
  } catch (const std::exception& e) {
    throw_bad_checkpoint(checkpoint_path, e.what());
  }
  trainer.progress_.seconds = state.seconds;
  // A run across processes keeps every process's workers: join() takes this process's own.
  trainer.positions_ = std::move(state.positions);
  trainer.resumed_ = true;
  trainer.resumed_sync_ = std::move(state.sync);
  // Where the run stands, before any report: what a resumed run reports as done before it.
  for (const WorkerPosition& p : trainer.positions_) trainer.progress_.words_done += p.words_done;
  trainer.progress_.lr = LinearDecay(state.options.lr).at(trainer.progress_.fraction());
  return trainer;
}

void Trainer::save_checkpoint(const std::string& path) const {
  write_checkpoint(path, vocab_, in_->weight().value(), out_->weight().value(), training_state());
}

TrainingState Trainer::training_state() const {
  TrainingState state{
      options_, fingerprint_, optimizer_->state(), progress_.seconds, positions_, continued_, rare_,
      {}};
  if (sync_) {
    state.sync = sync_->state();
    state.sync.epoch = sync_epoch_;
  }
  return state;
}

}  // namespace gv
