#include "distributed/mpi_train_group.h"

#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "distributed/run_agreement.h"
#include "distributed/shared_vocabulary.h"
#include "io/printable.h"
#include "text/corpus/corpus_reader.h"
#include "word2vec/counted_corpus.h"

namespace gv {

namespace {

// `values` appended to `bytes` as they lie in memory: every rank runs the same binary (agree()).
template <class T>
void append_raw(std::string& bytes, const std::vector<T>& values) {
  static_assert(std::is_trivially_copyable_v<T>);
  bytes.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(T));
}

// `count` values of T from `bytes` at `at`, which moves past them.
template <class T>
std::vector<T> take_raw(const std::string& bytes, size_t& at, size_t count) {
  std::vector<T> values(count);
  std::memcpy(static_cast<void*>(values.data()), bytes.data() + at, count * sizeof(T));
  at += count * sizeof(T);
  return values;
}

}  // namespace

void MpiTrainGroup::run(const std::function<void()>& body) {
  try {
    body();
  } catch (const std::bad_alloc&) {
    job_.abort("out of memory");
  } catch (const std::exception& e) {
    if (!stop_agreed_ && (!sync_ || !sync_->stopping())) job_.abort(printable(e.what()));
    // A stop the ranks agreed on ends every rank here once rank 0 has kept the checkpoint (or
    // failed to, which it says), or at once when it stopped their count: each leaves with its
    // status, without MPI_Abort.
    job_.barrier();
    throw;
  }
  if (leads() && sync_) std::fprintf(stderr, "%s\n", sync_->summary().c_str());
}

void MpiTrainGroup::check_alike(const std::function<void()>& check) {
  try {
    check();
  } catch (...) {
    if (!leads()) job_.barrier();  // rank 0, which says why, never comes: it ends the job
    throw;
  }
}

void MpiTrainGroup::agree(const std::vector<GroupSetting>& settings, const Corpus& corpus) {
  if (corpus.name() == "standard input") {
    throw std::runtime_error(
        "--corpus -: each MPI rank reads a share of the corpus from a file; "
        "standard input cannot be shared");
  }
  agree_on_run(job_, settings, corpus);
  const ByteRange share = split_corpus(corpus, job_.size())[static_cast<size_t>(job_.rank())];
  share_bytes_ = share.end - share.begin;
  corpus_bytes_ = corpus.size();
}

Trainer MpiTrainGroup::counted_trainer(const Corpus& corpus, const TrainOptions& options) {
  const SharedCounts counts = count_shares(job_, corpus, options);
  CountedCorpus counted;
  counted.vocab = training_vocabulary(corpus, options, counts.merged, kMinVocab);
  counted.rare = rare_words(counts.merged, counted.vocab);
  share_words_ = counts.share_words(counted.vocab);
  return Trainer::fresh(corpus, options, std::move(counted));
}

Trainer MpiTrainGroup::continued_trainer(const Corpus& corpus, const TrainOptions& options,
                                         const InitialModel& model, KnownWords known) {
  if (known.anchored()) check_anchor(known.lambda, options.lr);  // before the corpus is counted
  const TrainOptions every_word = counting_every_word(options);
  const SharedCounts counts = count_shares(job_, corpus, every_word);
  ContinuedVocabulary continued = continue_vocabulary(
      training_vocabulary(corpus, every_word, counts.merged, 1), model, options.min_count, known);
  share_words_ = counts.share_words(continued.vocab);
  return Trainer::continued(corpus, options, std::move(continued), model, known);
}

void MpiTrainGroup::join(Trainer& trainer) {
  const int64_t run_words = trainer.tokens_per_epoch();
  if (trainer.is_resumed()) {
    const SyncState& saved = trainer.resumed_sync();
    const auto ranks = static_cast<int64_t>(saved.processes.size());
    check_alike([&] {
      if (ranks == job_.size()) return;
      throw std::runtime_error(
          ranks == 0 ? "--resume: the checkpoint was written by a run without mpirun; resume it "
                       "without mpirun"
                     : "--resume: the checkpoint was written across " + std::to_string(ranks) +
                           " MPI ranks, this job has " + std::to_string(job_.size()) +
                           "; resume it with mpirun -np " + std::to_string(ranks));
    });
    // The schedule the checkpoint's run had: its rounds fall at the same words.
    sync_ = std::make_unique<MpiTableSync>(
        job_, SyncSchedule(run_words, job_.size(),
                           saved.processes[static_cast<size_t>(job_.rank())].share_words,
                           saved.sync_words));
    trainer.join(*sync_);
    return;
  }
  if (share_words_ < 0) {
    // No counting pass (--read-vocab): the share's words in proportion to its bytes.
    share_words_ =
        corpus_bytes_ > 0
            ? static_cast<int64_t>(static_cast<__int128>(run_words) * share_bytes_ / corpus_bytes_)
            : 0;
  }
  sync_ = std::make_unique<MpiTableSync>(
      job_, SyncSchedule(run_words, job_.size(), share_words_, sync_words_));
  trainer.join(*sync_);
}

void MpiTrainGroup::end_training(const Trainer& trainer) {
  TrainingState state = trainer.training_state();
  std::string own;
  append_raw(own, state.sync.processes);  // this rank's place in the schedule, then its workers
  append_raw(own, state.positions);
  const std::vector<std::string> ranks = job_.all_gather(own);
  // Every rank is here: what follows waits for rank 0's writes, which a signal must not cut.
  job_.end_waits_at_stop(nullptr, nullptr);
  if (!leads()) return;
  state.sync.processes.clear();
  state.positions.clear();
  for (const std::string& bytes : ranks) {
    size_t at = 0;
    const auto place = take_raw<SyncPosition>(bytes, at, 1);
    const auto workers =
        take_raw<WorkerPosition>(bytes, at, (bytes.size() - at) / sizeof(WorkerPosition));
    state.sync.processes.push_back(place.front());
    state.positions.insert(state.positions.end(), workers.begin(), workers.end());
  }
  gathered_ = std::make_unique<TrainingState>(std::move(state));
}

int MpiTrainGroup::stop_signal(int own) {
  // A signal to one rank (kill, or a scheduler's to one node) reaches the others as the stop
  // flag of a round alone: they learn here which signal it was.
  int64_t signal = own;
  job_.max(&signal, 1);
  stop_agreed_ = true;
  job_.end_waits_at_stop(nullptr, nullptr);
  return static_cast<int>(signal);
}

void MpiTrainGroup::save_checkpoint(const Trainer& trainer, const std::string& path) {
  if (!gathered_) throw std::logic_error("MpiTrainGroup: a checkpoint before end_training()");
  // Every rank's tables are the same here (a stop or an epoch's end synced every row).
  write_checkpoint(path, trainer.vocabulary(), trainer.input_table().value(),
                   trainer.output_table().value(), *gathered_);
}

std::string MpiTrainGroup::launcher() const {
  return "mpirun -np " + std::to_string(job_.size()) + " ";
}

}  // namespace gv
