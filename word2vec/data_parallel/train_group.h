// TrainGroup: the processes that train one model together, as a training command meets them.
// Two groups model it: PlainTrainGroup, a plain run, one process alone, whose every answer is
// the plain run's; and an MPI job's ranks (distributed/mpi_train_group.h), which agree on one
// command, count the corpus together into one vocabulary, average their tables
// (table_sync.h), and of which only one writes and prints. The command is a template over the
// group it joined (tools/train_command.cpp), so a plain run calls no virtual function and none
// of MPI's code.
#pragma once

#include <atomic>
#include <concepts>
#include <functional>
#include <stdexcept>
#include <string>
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

// What a training command asks of its group; PlainTrainGroup says what each member means.
template <class Group>
concept TrainGroup = requires(Group& group, const Group& seen, const std::function<void()>& body,
                              const std::function<Corpus()>& read, const std::atomic<bool>& stop,
                              int (*stop_status)(), const std::vector<GroupSetting>& settings,
                              const Corpus& corpus, const TrainOptions& options,
                              const InitialModel& model, KnownWords known, Trainer& trainer,
                              const Trainer& trained, const std::string& path) {
  group.run(body);
  group.end_waits_at_stop(stop, stop_status);
  { seen.leads() } -> std::same_as<bool>;
  { seen.processes() } -> std::same_as<int>;
  group.check_alike(body);
  { group.read_together(read) } -> std::same_as<Corpus>;
  group.agree(settings, corpus);
  { group.counted_trainer(corpus, options) } -> std::same_as<Trainer>;
  { group.continued_trainer(corpus, options, model, known) } -> std::same_as<Trainer>;
  group.join(trainer);
  group.end_training(trained);
  { group.stop_signal(0) } -> std::same_as<int>;
  group.save_checkpoint(trained, path);
  { seen.launcher() } -> std::same_as<std::string>;
};

class PlainTrainGroup {
 public:
  // Runs the command `body`. A group of several makes a failure of one end them all, and
  // names the process that failed.
  void run(const std::function<void()>& body) { body(); }
  // Once `stop` (a command's stop signals) turns true, a process of a group of several waits for
  // the others in an exchange a second or two at most before it ends them all with status
  // `stop_status()`, rather than wait out a process that is stopped or cut off; until the group
  // agrees on the stop or has finished training. The flag and the function outlive the group.
  void end_waits_at_stop(const std::atomic<bool>& /*stop*/, int (* /*stop_status*/)()) {}
  // Whether this process writes the outputs and prints: the one that leads.
  bool leads() const { return true; }
  // How many processes train the model together.
  int processes() const { return 1; }
  // Runs `check`, which every process makes alike (on the command and the files they agreed
  // on): when it throws, only the process that leads passes the failure on, so that a group
  // reports it once.
  void check_alike(const std::function<void()>& check) { check(); }
  // What `read()` returns, a pass over an input that each process makes before they agree on
  // the run (the corpus read, a gzip'd one decompressed; the model to continue read): a stop
  // signal to any process of a group of several ends every one's read, each throwing
  // InputPassStopped.
  template <class Read>
  auto read_together(const Read& read) {
    return read();
  }
  // Refuses to go on unless every process was given the same `settings` and sees the same
  // files of `corpus`: throws std::runtime_error naming the first difference.
  void agree(const std::vector<GroupSetting>& /*settings*/, const Corpus& /*corpus*/) {}
  // A fresh trainer of `corpus`, its vocabulary counted (by the processes together).
  Trainer counted_trainer(const Corpus& corpus, const TrainOptions& options) {
    return Trainer::fresh(corpus, options);
  }
  // A trainer continuing `model` on `corpus` (train --init, --freeze-known, --anchor-known), the
  // corpus's words counted (by the processes together) to update the model's vocabulary.
  Trainer continued_trainer(const Corpus& corpus, const TrainOptions& options,
                            const InitialModel& model, KnownWords known) {
    return Trainer::continued(corpus, options, model, known);
  }
  // Makes `trainer` train as one of the group, the group outliving its training: a fresh run,
  // or one resumed from a checkpoint a group of the same size wrote. Throws std::runtime_error
  // for another's.
  void join(Trainer& trainer) {
    const size_t ranks = trainer.resumed_sync().processes.size();
    if (ranks > 0) {
      throw std::runtime_error("--resume: the checkpoint was written across " +
                               std::to_string(ranks) + " MPI rank(s); resume it with mpirun -np " +
                               std::to_string(ranks));
    }
  }
  // Once training has returned, on every process of the group: collects what a checkpoint of
  // the run holds from every one of them, for save_checkpoint().
  void end_training(const Trainer& /*trainer*/) {}
  // Once training has stopped short, on every process of the group: the signal the run stops
  // for, whose status (128 + it) every process leaves with. `own` is this process's first (0 for
  // none); a group of several, some of whose processes no signal reached, agrees on the largest.
  int stop_signal(int own) { return own; }
  // Writes the run's checkpoint to `path` (std::runtime_error if it cannot); only the process
  // that leads calls it, after end_training().
  void save_checkpoint(const Trainer& trainer, const std::string& path) {
    trainer.save_checkpoint(path);
  }
  // How the command that resumes the group's checkpoint starts: its launcher, if any
  // ("mpirun -np 2 "), before "gradvec".
  std::string launcher() const { return ""; }
};

static_assert(TrainGroup<PlainTrainGroup>);

}  // namespace gv
