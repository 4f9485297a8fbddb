#include "word2vec/trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "autograd/machine.h"
#include "autograd/ops.h"
#include "autograd/require.h"
#include "text/corpus/slice_reader.h"
#include "word2vec/checkpoint/checkpoint.h"
#include "word2vec/counted_corpus.h"
#include "word2vec/examples/context_examples.h"

namespace gv {

namespace {

std::unique_ptr<Optimizer> make_optimizer(OptimizerKind kind, std::vector<Var> params, float lr) {
  switch (kind) {
    case OptimizerKind::sgd:
      return std::make_unique<Sgd>(std::move(params), lr);
    case OptimizerKind::adagrad:
      return std::make_unique<Adagrad>(std::move(params), lr);
    case OptimizerKind::adam:
      return std::make_unique<SparseAdam>(std::move(params), lr);
  }
  throw std::invalid_argument("train: unknown optimizer");
}

// Worker `worker`'s random stream from the start of epoch `epoch`: distinct and reproducible per
// worker, unrelated to the initialisation's stream. A fresh run's workers start at epoch 0.
Rng::State worker_stream(uint64_t seed, size_t worker, int64_t epoch) {
  return Rng(seed * 0x9E3779B97F4A7C15ULL + (static_cast<uint64_t>(epoch) << 32) + worker + 1)
      .state();
}

}  // namespace

// Everything one thread owns while training: its slice of the corpus, random stream, example
// builder, objective (with the batch it is filling), and its views of the shared tables (holding
// its own gradients). All are sized once, so a step allocates only its graph: the nodes, and
// where the model builds input rows h (CBOW, subwords) the op's output (N, C), its gradient and
// its copy of the ids.
struct Trainer::Worker {
  Worker(const Trainer& trainer, int index)
      : slice(trainer.corpus_, trainer.options_.tokenizer,
              trainer.ranges_[static_cast<size_t>(index)], trainer.cache_of(index)),
        examples(trainer.options_.window),
        objective(trainer.new_objective_()),
        in_view(Var::view_of(trainer.in_->weight())),
        out_view(Var::view_of(trainer.out_->weight())),
        views{in_view, out_view} {
    sentence.reserve(CorpusReader::kMaxSentenceTokens);
  }

  SliceReader slice;
  Rng rng;
  ContextExamples examples;
  std::unique_ptr<Objective> objective;
  Var in_view, out_view;
  std::vector<Var> views;
  std::vector<int64_t> sentence;
};

Trainer Trainer::fresh(Corpus corpus, TrainOptions options) {
  options.check();  // before the corpus is read: counting it can take minutes
  CountedCorpus counted = count_for_training(corpus, options, kMinVocab);
  return fresh(std::move(corpus), std::move(options), std::move(counted));
}

Trainer Trainer::fresh(Corpus corpus, TrainOptions options, CountedCorpus counted) {
  const CorpusFingerprint fingerprint = fingerprint_corpus(corpus);
  Trainer trainer(std::move(corpus), std::move(options), std::move(counted.vocab), fingerprint,
                  std::move(counted.rare));
  // count_words split the corpus with the same split_corpus call as ranges_; a slice whose range
  // came out otherwise (its file changed in between) is read from the file, not replayed.
  trainer.sentences_ = std::move(counted.sentences);
  for (size_t t = 0; t < trainer.sentences_.size(); ++t) {
    if (t >= trainer.ranges_.size() || trainer.sentences_[t].range() != trainer.ranges_[t]) {
      trainer.sentences_[t].give_up();
    }
  }
  return trainer;
}

Trainer Trainer::fresh(Corpus corpus, TrainOptions options, Vocabulary vocab) {
  const CorpusFingerprint fingerprint = fingerprint_corpus(corpus);
  return Trainer(std::move(corpus), std::move(options), std::move(vocab), fingerprint, {});
}

Trainer::Trainer(Corpus corpus, TrainOptions options, Vocabulary vocab,
                 CorpusFingerprint fingerprint, RareWords rare, ContinuedRun continued)
    : corpus_(std::move(corpus)),
      fingerprint_(fingerprint),
      options_(options),
      vocab_(std::move(vocab)),
      rare_(std::move(rare)),
      continued_(std::move(continued)),
      share_{0, corpus_.size()} {
  options_.check();  // again: a checkpoint's options come here without count_corpus
  if (vocab_.size() < kMinVocab) {
    throw std::runtime_error(corpus_.name() + ": only " + std::to_string(vocab_.size()) +
                             " distinct word(s) pass --min-count; skip-gram needs at least 2");
  }
  // A token takes at least a byte: more counted tokens than that are another corpus's.
  if (tokens_per_epoch() > fingerprint_.bytes) {
    throw std::runtime_error(corpus_.name() + ": the vocabulary counts " +
                             std::to_string(tokens_per_epoch()) + " tokens, more than its " +
                             std::to_string(fingerprint_.bytes) + " bytes can hold");
  }
  require_countable(options_.epochs, tokens_per_epoch());
  require_training_fits(options_, vocab_.size());
  return_freed_memory();  // what the counting pass freed, before the tables
  frozen_ = FrozenRows(continued_.frozen_rows, vocab_.size());
  anchored_ = AnchoredRows(continued_.anchor, vocab_.size(), options_.dim);
  subsampler_ = std::make_unique<Subsampler>(vocab_.counts(), options_.sample);
  if (options_.subwords) {
    subwords_ = std::make_shared<const SubwordRows>(vocab_.words(), options_.subword_scheme);
  }
  new_objective_ = objective_maker(options_, vocab_.counts(), subwords_);
  // word2vec's initialisation: inputs small and random, outputs zero. (Both random would
  // also train; zero outputs make the first updates of W_in exactly zero, a clean start.)
  Rng rng(options_.seed);
  EmbeddingOptions input_init, output_init;
  input_init.init = EmbeddingInit::word2vec_uniform;
  input_init.uniform_scale = options_.init_scale;
  input_init.init_threads = options_.threads;
  output_init.init = EmbeddingInit::zeros;
  input_init.row_floats = output_init.row_floats = row_floats(options_.dim);
  // With subwords, every bucket row starts random too, as in fastText: an n-gram seen once in
  // training still gives unseen words a vector of the same scale.
  in_ = std::make_unique<Embedding>(input_table_rows(options_, vocab_.size()), options_.dim, rng,
                                    input_init);
  out_ = std::make_unique<Embedding>(vocab_.size(), options_.dim, rng, output_init);
  optimizer_ = make_optimizer(options_.optimizer, {in_->weight(), out_->weight()}, options_.lr);

  split_workers(options_.threads, 0);
  progress_.words_total = options_.epochs * tokens_per_epoch();
}

Trainer Trainer::continued(Corpus corpus, TrainOptions options, const InitialModel& model,
                           KnownWords known) {
  if (known.anchored()) check_anchor(known.lambda, options.lr);  // before the corpus is counted
  const Vocabulary corpus_words = count_for_training(corpus, counting_every_word(options), 1).vocab;
  return continued(std::move(corpus), options,
                   continue_vocabulary(corpus_words, model, options.min_count, known), model,
                   known);
}

Trainer Trainer::continued(Corpus corpus, TrainOptions options, ContinuedVocabulary vocabulary,
                           const InitialModel& model, KnownWords known) {
  if (known.anchored()) check_anchor(known.lambda, options.lr);
  const CorpusFingerprint fingerprint = fingerprint_corpus(corpus);
  Trainer trainer(std::move(corpus), std::move(options), std::move(vocabulary.vocab), fingerprint,
                  std::move(vocabulary.rare), std::move(vocabulary.run));
  Var in = trainer.in_->weight(), out = trainer.out_->weight();  // handles: writes reach them
  copy_model_rows(model, trainer.vocab_, trainer.options_, in.value(), out.value());
  if (!known.anchored()) return trainer;
  // The model's words' rows as just copied: where the pull holds them.
  auto rows = std::make_shared<RowAnchor>();
  rows->lambda = known.lambda;
  for (const std::string& word : model.words) rows->rows.push_back(trainer.vocab_.id(word));
  std::sort(rows->rows.begin(), rows->rows.end());
  const int64_t dim = trainer.options_.dim, width = in.value().shape()[1];
  rows->values = Tensor({static_cast<int64_t>(rows->rows.size()), dim});
  for (size_t k = 0; k < rows->rows.size(); ++k) {
    std::copy_n(in.value().data() + rows->rows[k] * width, dim,
                rows->values.data() + static_cast<int64_t>(k) * dim);
  }
  trainer.continued_.anchor = std::move(rows);
  trainer.anchored_ = AnchoredRows(trainer.continued_.anchor, trainer.vocab_.size(), dim);
  return trainer;
}

void Trainer::split_workers(int threads, int64_t epoch) {
  WorkerPosition run;  // the run's totals, which worker 0 carries on
  for (const WorkerPosition& p : positions_) {
    run.words_done += p.words_done;
    run.loss_sum += p.loss_sum;
    run.loss_pairs += p.loss_pairs;
  }
  options_.threads = threads;
  // A process's workers are numbered after those of the processes before it (join()).
  const size_t first_worker = sync_ ? static_cast<size_t>(sync_->process() * threads) : 0;
  ranges_ = split_corpus(corpus_, threads, share_);
  // The counting pass's sentences are kept per slice of its own split.
  if (sentences_.size() != ranges_.size()) sentences_.clear();
  positions_.assign(static_cast<size_t>(threads), WorkerPosition{});
  for (size_t t = 0; t < positions_.size(); ++t) {
    positions_[t].epoch = epoch;
    positions_[t].corpus = {ranges_[t].begin, 0};
    positions_[t].rng = worker_stream(options_.seed, first_worker + t, epoch);
  }
  positions_[0].words_done = run.words_done;
  positions_[0].loss_sum = run.loss_sum;
  positions_[0].loss_pairs = run.loss_pairs;
}

void Trainer::set_epochs(int64_t epochs) {
  TrainOptions wanted = options_;
  wanted.epochs = epochs;
  wanted.check();
  const int64_t begun = epochs_begun();
  if (epochs < begun) {
    throw std::invalid_argument("train: --epochs " + std::to_string(epochs) +
                                " is fewer than the " + std::to_string(begun) +
                                " epoch(s) this run has begun; give at least " +
                                std::to_string(begun));
  }
  require_countable(epochs, tokens_per_epoch());
  options_.epochs = epochs;
  progress_.words_total = epochs * tokens_per_epoch();
  progress_.lr = LinearDecay(options_.lr).at(progress_.fraction());
}

void Trainer::set_threads(int threads) {
  // Each process's workers are numbered after those before it, and their positions saved so.
  if (sync_ && threads != options_.threads) {
    throw std::invalid_argument(
        "train: --threads " + std::to_string(threads) + ": a run across processes resumes on the " +
        std::to_string(options_.threads) + " thread(s) a process its checkpoint was written with");
  }
  TrainOptions wanted = options_;
  wanted.threads = threads;
  wanted.check();
  require_training_fits(wanted, vocab_.size());
  threads_wanted_ = threads;
}

int64_t Trainer::epochs_begun() const {
  // A worker standing at its slice's start has finished its epochs; one past it is in the next.
  int64_t epochs = 0;
  for (size_t t = 0; t < positions_.size(); ++t) {
    const bool at_start = positions_[t].corpus == CorpusPosition{ranges_[t].begin, 0};
    epochs = std::max(epochs, positions_[t].epoch + (at_start ? 0 : 1));
  }
  return epochs;
}

int64_t Trainer::threads_from_epoch() const {
  return std::min(epochs_begun(), options_.epochs);
}

const SentenceCache* Trainer::cache_of(int worker) const {
  const auto t = static_cast<size_t>(worker);
  return t < sentences_.size() && sentences_[t].usable() ? &sentences_[t] : nullptr;
}

Trainer::Trainer(Trainer&&) noexcept = default;
Trainer::~Trainer() = default;

int64_t Trainer::words_done_by_all() const {
  int64_t words = 0;
  for (int t = 0; t < options_.threads; ++t)
    words += live_[t].words.load(std::memory_order_relaxed);
  return words;
}

bool Trainer::train(const ProgressFn& on_progress, const std::atomic<bool>& stop,
                    int64_t stop_after_words) {
  if (sync_) return train_synced(on_progress, stop, stop_after_words);
  // Its positions are every process's, its slices one process's whole corpus: they do not match.
  if (!resumed_sync_.processes.empty())
    throw std::logic_error(
        "Trainer::train: a checkpoint of processes trains only once it joins them");
  if (threads_wanted_ > 0 && threads_wanted_ != options_.threads) {
    const int64_t epoch = threads_from_epoch();
    if (!train_workers(on_progress, stop, stop_after_words, epoch)) return false;
    split_workers(threads_wanted_, epoch);
  }
  return train_workers(on_progress, stop, stop_after_words, options_.epochs);
}

bool Trainer::train_workers(const ProgressFn& on_progress, const std::atomic<bool>& stop,
                            int64_t stop_after_words, int64_t epochs) {
  const int threads = options_.threads;
  live_ = std::make_unique<LiveCounters[]>(static_cast<size_t>(threads));
  for (int t = 0; t < threads; ++t) {
    live_[t].words = positions_[t].words_done;
    live_[t].loss_sum = positions_[t].loss_sum;
    live_[t].loss_pairs = positions_[t].loss_pairs;
  }
  const double seconds_before = progress_.seconds;
  const auto start = std::chrono::steady_clock::now();
  const LinearDecay decay(options_.lr);
  std::atomic<bool> diverged{false};

  std::mutex mutex;
  std::condition_variable all_done;
  int running = threads;
  std::exception_ptr failure;
  // Workers that started before one could not stop at once, as they do on divergence.
  std::vector<std::thread> workers = start_threads(
      threads,
      [&](int t) {
        try {
          run_worker(t, stop, diverged, stop_after_words, epochs);
        } catch (...) {
          std::lock_guard lock(mutex);
          if (!failure) failure = std::current_exception();
        }
        std::lock_guard lock(mutex);
        --running;
        all_done.notify_one();
      },
      [&] { diverged = true; });

  // Reports: the mean loss per pair over each interval, from the workers' running sums.
  double reported_loss = 0.0;
  int64_t reported_pairs = 0;
  auto report = [&] {
    double loss = 0.0;
    int64_t pairs = 0;
    for (int t = 0; t < threads; ++t) {
      loss += live_[t].loss_sum.load(std::memory_order_relaxed);
      pairs += live_[t].loss_pairs.load(std::memory_order_relaxed);
    }
    progress_.words_done = words_done_by_run();
    progress_.seconds =
        seconds_before +
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    progress_.lr = decay.at(progress_.fraction());
    if (pairs > reported_pairs)
      progress_.loss = (loss - reported_loss) / double(pairs - reported_pairs);
    // Unlike the interval's mean, which depends on when the reports fall, this one depends only
    // on what was trained: one thread and one seed give it to the last digit, resumed or not.
    if (pairs > 0) progress_.run_loss = loss / double(pairs);
    if (!std::isfinite(progress_.loss)) diverged = true;
    progress_.pairs_done = pairs;
    reported_loss = loss;
    reported_pairs = pairs;
    if (on_progress) on_progress(progress_);
  };
  {
    std::unique_lock lock(mutex);
    while (running > 0) {
      if (all_done.wait_for(lock, std::chrono::milliseconds(200), [&] { return running == 0; })) {
        break;
      }
      lock.unlock();
      report();
      lock.lock();
    }
  }
  for (std::thread& w : workers) w.join();
  if (failure) std::rethrow_exception(failure);
  // The last report's loss covers the final interval; at least one report always happens.
  report();
  if (diverged) {
    char where[160];
    std::snprintf(where, sizeof where,
                  "train: training diverged: the loss became %s at %.1f%% of the run; lower --lr "
                  "(it is %g) or --batch (it is %lld)",
                  std::isnan(progress_.loss) ? "NaN" : "infinite", 100.0 * progress_.fraction(),
                  options_.lr, static_cast<long long>(options_.batch));
    throw TrainingDiverged(where);
  }
  return std::ranges::all_of(positions_,
                             [&](const WorkerPosition& p) { return p.epoch >= epochs; });
}

void Trainer::run_worker(int index, const std::atomic<bool>& stop,
                         const std::atomic<bool>& diverged, int64_t stop_after_words,
                         int64_t epochs) {
  WorkerPosition& position = positions_[static_cast<size_t>(index)];
  LiveCounters& live = live_[index];
  Worker w(*this, index);
  w.rng.set_state(position.rng);
  w.slice.seek(position.corpus);
  const TrainOptions& o = options_;
  const LinearDecay decay(o.lr);
  const double words_total = static_cast<double>(progress_.words_total);

  int64_t batch_centres = 0;  // centre words in the batch being filled
  const bool update_in_backward = updates_in_backward(
      o.loss, static_cast<int64_t>(positions_.size()),
      static_cast<bool>(anchored_) || frozen_.any(), sync_ == nullptr ? 1 : sync_->processes());
  // One optimizer step on the examples added since the last: the objective's loss, backward,
  // apply.
  auto step = [&] {
    batch_centres = 0;
    const int64_t pairs = w.objective->pairs();
    if (pairs == 0) return;
    const float lr = decay.at(static_cast<double>(words_done_by_run()) / words_total);
    // The pull on known rows (train --anchor-known) looks at the batch's rows before loss()
    // empties it.
    const Var pull = anchored_ ? anchored_.loss(w.in_view, w.objective->input_rows()) : Var();
    const Var loss = w.objective->loss(w.in_view, w.out_view);
    if (update_in_backward) optimizer_->update_in_backward(w.views, lr);
    (anchored_ ? pull + loss : loss).backward();
    frozen_.zero_gradients(w.in_view);
    optimizer_->step(w.views, lr);
    w.in_view.zero_grad();
    w.out_view.zero_grad();
    position.loss_sum += loss.item();
    position.loss_pairs += pairs;
    live.loss_sum.store(position.loss_sum, std::memory_order_relaxed);
    live.loss_pairs.store(position.loss_pairs, std::memory_order_relaxed);
  };
  while (position.epoch < epochs) {
    while (w.slice.next_sentence(vocab_, w.sentence)) {
      position.words_done += static_cast<int64_t>(w.sentence.size());
      live.words.store(position.words_done, std::memory_order_relaxed);
      subsampler_->filter(w.sentence, w.rng);
      const int64_t n = static_cast<int64_t>(w.sentence.size());
      for (int64_t centre = 0; centre < n; ++centre) {
        const Example example = w.examples.at(w.sentence, centre, w.rng);
        if (example.contexts.empty()) continue;
        w.objective->add(example, w.rng);
        if (++batch_centres == 2 * o.batch) step();
      }
      // A step takes whole sentences until it holds at least `batch` centres (a sentence too
      // long for one is cut at 2 * batch), so a corpus of short lines still makes steps of
      // about `batch` centres: fewer steps, and fewer writes of the rows every step touches,
      // which Hogwild threads would otherwise pass back and forth. A step that ends with a
      // sentence leaves nothing half-built, so only there is the position recorded and a stop
      // honoured: resumed training replays exactly.
      if (batch_centres > 0 && batch_centres < o.batch) continue;
      step();
      position.corpus = w.slice.position();
      position.rng = w.rng.state();
      if (sync_ != nullptr && index == 0) sync_->after_words(words_done_by_all());
      if (stop.load(std::memory_order_relaxed) || diverged.load(std::memory_order_relaxed) ||
          (stop_after_words > 0 && words_done_by_all() >= stop_after_words)) {
        return;
      }
    }
    step();  // the epoch's last sentences
    ++position.epoch;
    w.slice.rewind();
    position.corpus = w.slice.position();
    position.rng = w.rng.state();
  }
}

}  // namespace gv
