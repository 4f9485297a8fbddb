// TrainGroup: the processes that train one model together, as a training command meets them.
// This base is a plain run, one process alone, and its every answer is the plain run's; an MPI
// job's ranks (distributed/mpi_train_group.h) override it: they agree on one command, count the
// corpus together into one vocabulary, average their tables (table_sync.h), and only one of them
// writes and prints.
#pragma once

#include <atomic>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "text/corpus/corpus.h"
#include "word2vec/trainer.h"

namespace gv {

// A setting of the command every process must share, by name: an option and its value as
// typed, or empty when not given.
struct GroupSetting {
  std::string name;
  std::string value;
  bool given = false;
};

class TrainGroup {
 public:
  virtual ~TrainGroup() = default;
  // Runs the command `body`. A group of several makes a failure of one end them all, and
  // names the process that failed.
  virtual void run(const std::function<void()>& body) { body(); }
  // Once `stop` (a command's stop signals) turns true, a process of a group of several waits for
  // the others in an exchange a second or two at most before it ends them all with status
  // `stop_status()`, rather than wait out a process that is stopped or cut off; until the group
  // agrees on the stop or has finished training. The flag and the function outlive the group.
  virtual void end_waits_at_stop(const std::atomic<bool>& /*stop*/, int (* /*stop_status*/)()) {}
  // Whether this process writes the outputs and prints: the one that leads.
  virtual bool leads() const { return true; }
  // How many processes train the model together.
  virtual int processes() const { return 1; }
  // Runs `check`, which every process makes alike (on the command and the files they agreed
  // on): when it throws, only the process that leads passes the failure on, so that a group
  // reports it once.
  virtual void check_alike(const std::function<void()>& check) { check(); }
  // The corpus `read()` reads (a gzip'd file decompressed), as each process does before they
  // agree on the run: a stop signal to any process of a group of several ends every one's read,
  // each throwing CorpusPassStopped.
  virtual Corpus read_corpus(const std::function<Corpus()>& read) { return read(); }
  // Refuses to go on unless every process was given the same `settings` and sees the same
  // files of `corpus`: throws std::runtime_error naming the first difference.
  virtual void agree(const std::vector<GroupSetting>& /*settings*/, const Corpus& /*corpus*/) {}
  // A fresh trainer of `corpus`, its vocabulary counted (by the processes together).
  virtual Trainer counted_trainer(const Corpus& corpus, const TrainOptions& options) {
    return Trainer::fresh(corpus, options);
  }
  // A trainer continuing `model` on `corpus` (train --init, --freeze-known, --anchor-known), the
  // corpus's words counted (by the processes together) to update the model's vocabulary.
  virtual Trainer continued_trainer(const Corpus& corpus, const TrainOptions& options,
                                    const InitialModel& model, KnownWords known) {
    return Trainer::continued(corpus, options, model, known);
  }
  // Makes `trainer` train as one of the group, the group outliving its training: a fresh run,
  // or one resumed from a checkpoint a group of the same size wrote. Throws std::runtime_error
  // for another's.
  virtual void join(Trainer& trainer) {
    const size_t ranks = trainer.resumed_sync().processes.size();
    if (ranks > 0) {
      throw std::runtime_error("--resume: the checkpoint was written across " +
                               std::to_string(ranks) + " MPI rank(s); resume it with mpirun -np " +
                               std::to_string(ranks));
    }
  }
  // Once training has returned, on every process of the group: collects what a checkpoint of
  // the run holds from every one of them, for save_checkpoint().
  virtual void end_training(const Trainer& /*trainer*/) {}
  // Once training has stopped short, on every process of the group: the signal the run stops
  // for, whose status (128 + it) every process leaves with. `own` is this process's first (0 for
  // none); a group of several, some of whose processes no signal reached, agrees on the largest.
  virtual int stop_signal(int own) { return own; }
  // Writes the run's checkpoint to `path` (std::runtime_error if it cannot); only the process
  // that leads calls it, after end_training().
  virtual void save_checkpoint(const Trainer& trainer, const std::string& path) {
    trainer.save_checkpoint(path);
  }
  // How the command that resumes the group's checkpoint starts: its launcher, if any
  // ("mpirun -np 2 "), before "gradvec".
  virtual std::string launcher() const { return ""; }
};

}  // namespace gv
