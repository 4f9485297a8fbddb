#include "distributed/mpi_train_group.h"

#include <cstdio>
#include <exception>
#include <new>
#include <stdexcept>

#include "autograd/io/printable.h"
#include "distributed/run_agreement.h"
#include "distributed/shared_vocabulary.h"
#include "word2vec/corpus/corpus_reader.h"

namespace gv {

namespace {

// The settings that need what this slice of distributed training does not do yet.
constexpr const char* kNotAcrossRanks[] = {"--resume", "--init", "--checkpoint"};

}  // namespace

void MpiTrainGroup::run(const std::function<void()>& body) {
  try {
    body();
  } catch (const std::bad_alloc&) {
    job_.abort("out of memory");
  } catch (const std::exception& e) {
    if (!sync_ || !sync_->stopping()) job_.abort(printable(e.what()));
    // A stop the ranks agreed on ends every rank here, its checkpoint refused alike: rank 0
    // says so once, and the job ends without MPI_Abort.
    if (leads()) {
      std::fprintf(stderr,
                   "gradvec: rank 0: stopped by a signal at a sync of the %d ranks; a run across "
                   "MPI ranks keeps no checkpoint yet, so its training is lost\n",
                   job_.size());
    }
    job_.barrier();
    job_.finish(2);
  }
  if (leads() && sync_) std::fprintf(stderr, "%s\n", sync_->summary().c_str());
}

void MpiTrainGroup::agree(const std::vector<GroupSetting>& settings, const Corpus& corpus) {
  for (const GroupSetting& setting : settings) {
    for (const char* name : kNotAcrossRanks) {
      if (setting.given && setting.name == name) {
        throw std::runtime_error(setting.name +
                                 ": not supported in a run across MPI ranks yet; run it without "
                                 "mpirun");
      }
    }
  }
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
  SharedVocabulary shared = count_shares(job_, corpus, options);
  share_words_ = shared.share_words;
  return Trainer(corpus, options, std::move(shared.vocab));
}

void MpiTrainGroup::join(Trainer& trainer) {
  const int64_t run_words = trainer.vocabulary().total_count();
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

void MpiTrainGroup::save_checkpoint(const Trainer&, const std::string&) {
  throw std::runtime_error("a run across MPI ranks keeps no checkpoint yet");
}

}  // namespace gv
