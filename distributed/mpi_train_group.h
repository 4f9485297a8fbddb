// MpiTrainGroup: the ranks of an MPI job as a TrainGroup (word2vec/data_parallel/train_group.h,
// where PlainTrainGroup says what each member means):
// `mpirun -np R gradvec train ...` trains one model across R processes.
//
//   - Before anything, the ranks compare their binary, settings and corpus files
//     (run_agreement.h) and refuse to start on a difference, which rank 0 names.
//   - Each rank counts its share of the corpus and the counts merge into one vocabulary
//     (shared_vocabulary.h), or update the vocabulary of a model continued (--init) as one
//     process's counts do; --read-vocab skips counting as in a plain run.
//   - Each rank trains its share with --threads Hogwild workers, the ranks averaging their
//     tables every --sync-words words (mpi_table_sync.h).
//   - Rank 0 writes every output and prints; the others write nothing.
//   - A failure on any rank prints one line naming the rank, and ends the job (MPI_Abort).
//   - A stop the ranks agreed on ends with every rank's tables equal (a full sync); rank 0
//     writes one checkpoint of them with every rank's workers and place in the schedule, which
//     a job of as many ranks resumes.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "distributed/mpi_job.h"
#include "distributed/mpi_table_sync.h"
#include "distributed/pass_together.h"
#include "word2vec/checkpoint/checkpoint.h"
#include "word2vec/data_parallel/train_group.h"

namespace gv {

class MpiTrainGroup {
 public:
  // Starts MPI: the process must have been launched as a rank (mpi_launch() in
  // autograd/mpi_launch.h). Each exchange of the ranks waits at most `rank_timeout` seconds.
  MpiTrainGroup(int64_t sync_words, int64_t rank_timeout)
      : job_(rank_timeout), sync_words_(sync_words) {}

  void run(const std::function<void()>& body);
  void end_waits_at_stop(const std::atomic<bool>& stop, int (*stop_status)()) {
    job_.end_waits_at_stop(&stop, stop_status);
  }
  bool leads() const { return job_.rank() == 0; }
  int processes() const { return job_.size(); }
  void check_alike(const std::function<void()>& check);
  template <class Read>
  auto read_together(const Read& read) {
    std::optional<decltype(read())> result;
    pass_together(job_, [&] {
      result.emplace(read());
      return std::string();
    });
    return std::move(*result);
  }
  void agree(const std::vector<GroupSetting>& settings, const Corpus& corpus);
  Trainer counted_trainer(const Corpus& corpus, const TrainOptions& options);
  Trainer continued_trainer(const Corpus& corpus, const TrainOptions& options,
                            const InitialModel& model, KnownWords known);
  void join(Trainer& trainer);
  void end_training(const Trainer& trainer);
  // The largest of the ranks' first signals: TERM (15) over INT (2) over HUP (1).
  int stop_signal(int own);
  void save_checkpoint(const Trainer& trainer, const std::string& path);
  std::string launcher() const;

 private:
  MpiJob job_;
  int64_t sync_words_;
  int64_t share_bytes_ = 0, corpus_bytes_ = 0;  // agree(): this rank's share of the corpus
  int64_t share_words_ = -1;  // counted by counted_trainer(); -1: estimated in join()
  std::unique_ptr<MpiTableSync> sync_;
  std::unique_ptr<TrainingState> gathered_;  // end_training(), on rank 0: every rank's
  bool stop_agreed_ = false;                 // stop_signal() ran: every rank is stopping
};

static_assert(TrainGroup<MpiTrainGroup>);

}  // namespace gv
