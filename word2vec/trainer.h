// Trainer: word2vec (skip-gram or CBOW) on a corpus of text files, with the loss built from
// autograd ops.
//
// Data flow, one worker thread per corpus slice (Hogwild: all share the two tables):
//   SliceReader ─ sentence of ids ─> Subsampler ─> ContextExamples (centre + dynamic window)
//     ─> objective.add(example)          SGNS draws the negatives, softmax collects rows
//     ─> objective.loss(W_in, W_out)     a scalar Var from engine ops (logistic_loss, ...):
//     ─> loss.backward()                 backward leaves row-sparse gradients on the
//     ─> optimizer.step(views, lr)       worker's views of the tables, which the engine's
//                                        optimizer applies to the shared storage.
// The objective is chosen once, from options.loss and options.model (see objective.h): the
// loop never asks which loss it minimises, nor whether contexts count one by one (skip-gram)
// or by their mean (CBOW).
// The learning rate decays linearly with the words read by all workers, as in word2vec. A slice
// is tokenized once: counting keeps it as ids when it fits in options.sentence_cache_bytes
// (sentence_cache.h), and its SliceReader replays those; otherwise it reads the file each epoch.
//
// Training can stop at any sentence end (Ctrl-C, or a word budget) and resume from a
// checkpoint (checkpoint.h) holding the vocabulary, both tables, the optimizer state and every
// worker's position and random state: with one thread, before the stop and after, resumed training
// equals uninterrupted training bit for bit. A resumed run may go on for more epochs, or on
// other threads from the next epoch (set_epochs, set_threads).
//
// Several processes can train one model, each its share of the corpus (join a TableSync,
// table_sync.h): the epochs then end together, and the learning rate follows their words.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "autograd/optim.h"
#include "autograd/rng.h"
#include "embeddings/embedding.h"
#include "embeddings/subword_rows.h"
#include "text/corpus/corpus_fingerprint.h"
#include "text/corpus/corpus_reader.h"
#include "text/corpus/sentence_cache.h"
#include "text/vocabulary.h"
#include "word2vec/anchored_rows.h"
#include "word2vec/counted_corpus.h"
#include "word2vec/data_parallel/table_sync.h"
#include "word2vec/examples/subsampler.h"
#include "word2vec/frozen_rows.h"
#include "word2vec/initial_model.h"
#include "word2vec/known_words.h"
#include "word2vec/losses/objective.h"
#include "word2vec/train_options.h"

namespace gv {

struct TrainingState;  // checkpoint.h

// Thrown by Trainer::train when the loss becomes NaN or infinite: the run's settings (or the tables
// a checkpoint brought) diverge, which no reader of a file could have refused up front.
struct TrainingDiverged : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct TrainProgress {
  int64_t words_done = 0;   // in-vocabulary tokens read so far, over all epochs and workers
  int64_t words_total = 0;  // epochs × in-vocabulary tokens of the corpus
  double seconds = 0.0;     // wall time spent training, including runs before a resume
  float lr = 0.0f;
  double loss = 0.0;       // mean loss per (input, output) pair since the previous report
  double run_loss = 0.0;   // mean loss per pair over every pair so far, resumed runs included
  int64_t pairs_done = 0;  // (input, output) pairs trained so far; 0: loss means nothing yet
  double fraction() const { return words_total ? double(words_done) / double(words_total) : 1.0; }
};

// One worker's place: enough to continue exactly where it stopped. Each on its own cache lines:
// a worker writes its own after every sentence, and a neighbour's writes would take them away.
struct alignas(64) WorkerPosition {
  int64_t epoch = 0;
  CorpusPosition corpus;  // where the next unread sentence starts
  Rng::State rng{};
  int64_t words_done = 0;  // this worker's share of TrainProgress::words_done
  double loss_sum = 0.0;   // summed pair losses, and the number of pairs behind them
  int64_t loss_pairs = 0;
};

class Trainer {
 public:
  // A trainer is set up one of three ways, each a named factory: a fresh run, a run continuing
  // a trained model (train --init), a run resumed from its checkpoint (--resume).
  //
  // A fresh run: checks the options (TrainOptions::check), then counts the corpus, builds the
  // vocabulary and initialises the tables. Throws std::runtime_error naming the corpus if it is
  // empty or has no word with min_count occurrences; std::invalid_argument for an option out of
  // its bounds, or for tables and buffers that this machine's memory cannot hold.
  static Trainer fresh(Corpus corpus, TrainOptions options);
  // A fresh run of the words of `vocab` (read with Vocabulary::load, say): no counting pass. Its
  // counts drive subsampling, the negative and Huffman tables and the learning-rate schedule,
  // so they should be the corpus's own. Throws as the first.
  static Trainer fresh(Corpus corpus, TrainOptions options, Vocabulary vocab);
  // A fresh run of the words a counting pass kept (count_for_training, or the ranks' merged
  // counts): its vocabulary, its slices' sentences where they match this run's, and its rare
  // words, which the run's checkpoints keep for a run continued from them. Throws as the first.
  static Trainer fresh(Corpus corpus, TrainOptions options, CountedCorpus counted);
  // Continues `model` on the corpus: the vocabulary as continue_vocabulary() updates it, the
  // model's words' rows of W_in (and of its buckets with the same subword scheme) copied in, the
  // new words' rows initialised as a fresh run's, W_out the model's where it has one with the
  // same loss (never for hs, whose tree is rebuilt), zero elsewhere. `known` says what training
  // does with the model's words' rows (known_words.h). Throws std::invalid_argument if the
  // model's dim is not options.dim (the command line refuses that and every other contradiction
  // first: tools/initial_model_loading.h) or for an anchor check_anchor refuses, else as the
  // first.
  static Trainer continued(Corpus corpus, TrainOptions options, const InitialModel& model,
                           KnownWords known);
  // As above, the vocabulary `vocabulary` already updated: continue_vocabulary() of the corpus's
  // words with the same `known`, however they were counted (by several processes together, say).
  static Trainer continued(Corpus corpus, TrainOptions options, ContinuedVocabulary vocabulary,
                           const InitialModel& model, KnownWords known);
  // Restores a checkpoint written by save_checkpoint(); the corpus must be the same files in the
  // same order (its size and fingerprint are checked). Every field is checked against sane bounds
  // and against the file's own sizes before anything is allocated from it (checkpoint.h): throws
  // std::runtime_error naming the checkpoint and the field on any defect.
  static Trainer resumed(const std::string& checkpoint_path, Corpus corpus);

  Trainer(Trainer&&) noexcept;
  ~Trainer();

  using ProgressFn = std::function<void(const TrainProgress&)>;
  // Trains until every epoch is done (returns true), or until `stop` turns true or the
  // words read reach `stop_after_words` (> 0) — then returns false at the next
  // sentence end, ready for save_checkpoint(). Calls `on_progress` about 5 times a second
  // from the calling thread, and once at the end. Throws std::runtime_error when the loss turns
  // NaN or infinite (a learning rate too high for the optimizer): nothing after that is worth
  // keeping, so the run stops within one report.
  bool train(const ProgressFn& on_progress, const std::atomic<bool>& stop,
             int64_t stop_after_words = 0);

  // Continues a resumed run for `epochs` epochs in all, fewer or more than it was set for but
  // not fewer than a worker has begun. The learning rate is word2vec's linear decay over
  // the new total, taken at the words already done: a finished run extended from E to N epochs
  // goes on at lr * (1 - E/N), as a run set for N from the start stands there. Throws
  // std::invalid_argument naming --epochs.
  void set_epochs(int64_t epochs);
  // Continues with `threads` workers. Each worker trains a slice of the corpus, so the slices
  // change only at an epoch's end: the workers of the run so far first finish the epoch under
  // way, then `threads` workers take fresh slices from the next one (threads_from_epoch()).
  // Throws std::invalid_argument as TrainOptions::check() for a count out of bounds or too
  // large for memory.
  void set_threads(int threads);
  // The epochs finished before the workers asked by set_threads() take over.
  int64_t threads_from_epoch() const;
  // Makes this run one of the processes `sync` joins: it trains only its share of the corpus,
  // split among its threads, and train() calls `sync`, which must outlive the training. The
  // tables stay this trainer's. The run is fresh (nothing trained yet), or resumed from a
  // checkpoint of as many processes (resumed_sync()): this process then takes its own workers'
  // positions and `sync` its place in the schedule. Throws std::invalid_argument for a
  // checkpoint of another number of processes.
  void join(TableSync& sync);
  // Whether this run came from a checkpoint (resumed()), and, if so, where its sync schedule
  // stood: no process for a run that trained alone.
  bool is_resumed() const { return resumed_; }
  const SyncState& resumed_sync() const { return resumed_sync_; }

  // Writes the run so far to checkpoint `path` (checkpoint.h), atomically. Throws
  // std::runtime_error naming the path if it cannot be written.
  void save_checkpoint(const std::string& path) const;
  // What a checkpoint of this process's run holds but for the vocabulary and tables: with a
  // sync, this process's workers and its own place in the schedule alone.
  TrainingState training_state() const;

  const Vocabulary& vocabulary() const { return vocab_; }
  // The words counted but given no row (under min_count, or past max_vocab), with their counts.
  const RareWords& rare_words() const { return rare_; }
  const TrainOptions& options() const { return options_; }
  TrainProgress progress() const { return progress_; }
  // The tokens of the corpus in the vocabulary: what one epoch reads (a continued model's own
  // counts, which the vocabulary's add to the corpus's, left out).
  int64_t tokens_per_epoch() const { return vocab_.total_count() - continued_.prior_tokens; }
  // W_in (V, R), or (V + buckets, R) with subwords: a word's vector is then the mean of its
  // rows in subwords() (embeddings/subword_rows.h). R = row_floats(dim): a row's first dim
  // floats are its vector, the rest zero.
  const Var& input_table() const { return in_->weight(); }
  const Var& output_table() const { return out_->weight(); }  // W_out (V, R)
  // Each word's rows of W_in; null without subwords.
  const SubwordRows* subwords() const { return subwords_.get(); }

 private:
  struct Worker;
  // Every factory ends here: the vocabulary and what the run carries beside it, the tables
  // initialised as a fresh run's.
  Trainer(Corpus corpus, TrainOptions options, Vocabulary vocab, CorpusFingerprint fingerprint,
          RareWords rare, ContinuedRun continued = {});
  // Runs until the corpus is done, or `stop` or `diverged` turns true (then at a step end).
  // Trains every worker's slice until it has finished `epochs` epochs (returns true), or until
  // a stop (returns false).
  bool train_workers(const ProgressFn& on_progress, const std::atomic<bool>& stop,
                     int64_t stop_after_words, int64_t epochs);
  // Runs until the worker has finished `epochs` epochs, or `stop` or `diverged` turns true
  // (then at a step end).
  void run_worker(int index, const std::atomic<bool>& stop, const std::atomic<bool>& diverged,
                  int64_t stop_after_words, int64_t epochs);
  // `threads` workers on fresh slices from the start of epoch `epoch`, carrying the run's
  // counts and loss sums over.
  void split_workers(int threads, int64_t epoch);
  int64_t words_done_by_all() const;
  // The words every process has read: words_done_by_all() unless the trainer joined a TableSync.
  int64_t words_done_by_run() const;
  // train() for a trainer that joined a TableSync: an epoch at a time, each ended by its sync.
  bool train_synced(const ProgressFn& on_progress, const std::atomic<bool>& stop,
                    int64_t stop_after_words);
  // Epochs some worker has finished or started: a worker past its slice's start is in one more.
  int64_t epochs_begun() const;
  // Worker `worker`'s slice as the counting pass kept it, or null: it reads the corpus.
  const SentenceCache* cache_of(int worker) const;

  Corpus corpus_;
  CorpusFingerprint fingerprint_;  // recorded in checkpoints
  TrainOptions options_;
  Vocabulary vocab_;
  RareWords rare_;          // the words counted but given no row (TrainingState::rare)
  ContinuedRun continued_;  // empty unless the run continues a model
  FrozenRows frozen_;
  AnchoredRows anchored_;
  std::unique_ptr<Subsampler> subsampler_;
  std::shared_ptr<const SubwordRows> subwords_;
  ObjectiveMaker new_objective_;  // one objective per worker
  std::unique_ptr<Embedding> in_, out_;
  std::unique_ptr<Optimizer> optimizer_;
  TableSync* sync_ = nullptr;      // join(): the processes training this model together
  int64_t sync_epoch_ = 0;         // the epoch whose sync rounds are under way
  bool resumed_ = false;           // resumed()
  SyncState resumed_sync_;         // the checkpoint's
  ByteRange share_;                // the part of the corpus this process's workers split
  std::vector<ByteRange> ranges_;  // one slice of the corpus per worker
  // Each slice's sentences as the counting pass kept them, for the workers to replay; empty
  // when nothing was counted (a vocabulary given, a checkpoint).
  std::vector<SentenceCache> sentences_;
  std::vector<WorkerPosition> positions_;  // one per worker
  int threads_wanted_ = 0;                 // set_threads(): options_.threads from the next epoch
  // What each worker has done so far, published for the lr schedule and progress reports.
  // One cache line each, so that workers bumping their own counters never contend.
  struct alignas(64) LiveCounters {
    std::atomic<int64_t> words{0};
    std::atomic<double> loss_sum{0.0};
    std::atomic<int64_t> loss_pairs{0};
  };
  std::unique_ptr<LiveCounters[]> live_;
  TrainProgress progress_;
};

// Whether a step applies SGD's update inside the loss's backward (Optimizer::update_in_backward),
// to each row as the backward makes its gradient, as word2vec.c and gensim do, saving a pass that
// writes every gradient row and one that reads them back (bench/README.md). Not where a step's
// gradients must be seen whole first (whole_step_first: a pull on known rows reads W_in's rows in
// its own backward, frozen rows' gradients are zeroed after it). Nor across several processes,
// whose rate is theirs times one process's: a row every group of a step reaches (the Huffman
// root, a frequent negative) moves under later groups whose coefficients predate the move, which
// diverges at rates the summed gradient takes (architecture.md); -np 1 stays a plain run. Nor
// for hierarchical softmax on more than one worker: every group writes the rows nearest the root,
// so Hogwild threads would pass their cache lines back and forth at every group, not once a step.
inline bool updates_in_backward(LossKind loss, int64_t workers, bool whole_step_first,
                                int processes) {
  return !whole_step_first && processes == 1 && !(loss == LossKind::hs && workers > 1);
}

}  // namespace gv
