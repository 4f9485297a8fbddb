#include "word2vec/trainer.h"

#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "autograd/require.h"
#include "word2vec/skipgram_examples.h"

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

Vocabulary build_vocabulary(const std::string& corpus, const TrainOptions& options) {
  require_positive("train: --min-count", options.min_count);
  require_non_negative("train: --max-vocab-size", options.max_vocab_size);
  const WordCounts counts =
      count_words(corpus, options.tokenizer, options.threads, options.max_vocab_size);
  if (counts.empty()) {
    std::error_code error;
    const bool empty = std::filesystem::file_size(corpus, error) == 0 && !error;
    throw std::runtime_error(corpus +
                             (empty ? ": the corpus is empty" : ": the corpus holds no words"));
  }
  try {
    return Vocabulary::build(counts, options.min_count, options.max_vocab);
  } catch (const std::runtime_error&) {
    throw std::runtime_error(corpus + ": no word occurs at least " +
                             std::to_string(options.min_count) + " times (--min-count)");
  }
}

// The two tables must fit in this machine's memory: checked before allocating, so that a large
// --buckets or --dim is a clear error rather than std::bad_alloc or the OOM killer mid-run.
void require_tables_fit(int64_t input_rows, int64_t output_rows, int64_t dim) {
  const double bytes = double(input_rows + output_rows) * double(dim) * sizeof(float);
  const double memory = double(sysconf(_SC_PHYS_PAGES)) * double(sysconf(_SC_PAGE_SIZE));
  if (memory > 0 && bytes > memory) {
    char text[256];
    std::snprintf(text, sizeof text,
                  "train: the tables need %.1f GB (W_in %lld x %lld, W_out %lld x %lld floats) but "
                  "this machine has %.1f GB; lower --dim or --buckets",
                  bytes / 1e9, static_cast<long long>(input_rows), static_cast<long long>(dim),
                  static_cast<long long>(output_rows), static_cast<long long>(dim), memory / 1e9);
    throw std::invalid_argument(text);
  }
}

}  // namespace

// Everything one thread owns while training: its reader, random stream, example builder,
// objective (with the batch it is filling), and its views of the shared tables (holding its
// own gradients). All are sized once, so the steady state allocates nothing but the small
// graph nodes.
struct Trainer::Worker {
  Worker(const Trainer& trainer, int index)
      : reader(trainer.corpus_path_, trainer.options_.tokenizer),
        examples(trainer.options_.window),
        objective(trainer.new_objective_()),
        in_view(Var::view_of(trainer.in_->weight())),
        out_view(Var::view_of(trainer.out_->weight())),
        views{in_view, out_view} {
    reader.set_range(trainer.ranges_[static_cast<size_t>(index)]);
    sentence.reserve(CorpusReader::kMaxSentenceTokens);
  }

  CorpusReader reader;
  Rng rng;
  SkipGramExamples examples;
  std::unique_ptr<Objective> objective;
  Var in_view, out_view;
  std::vector<Var> views;
  std::vector<int64_t> sentence;
};

Trainer::Trainer(std::string corpus_path, TrainOptions options)
    : Trainer(corpus_path, options, build_vocabulary(corpus_path, options)) {}

Trainer::Trainer(std::string corpus_path, TrainOptions options, Vocabulary vocab)
    : Trainer(corpus_path, options, std::move(vocab), fingerprint_corpus(corpus_path)) {}

Trainer::Trainer(std::string corpus_path, TrainOptions options, Vocabulary vocab,
                 CorpusFingerprint corpus)
    : corpus_path_(std::move(corpus_path)),
      corpus_(corpus),
      options_(options),
      vocab_(std::move(vocab)) {
  require_positive("train: --dim", options_.dim);
  require_positive("train: --window", options_.window);
  require_positive("train: --negative", options_.negatives);
  require_positive("train: --epochs", options_.epochs);
  require_positive("train: --threads", options_.threads);
  // A step holds up to 2 * batch centres; a million already outgrows any sensible step.
  constexpr int64_t kMaxBatch = int64_t{1} << 20;
  require(options_.batch > 0 && options_.batch <= kMaxBatch, "train: --batch",
          "in [1, " + std::to_string(kMaxBatch) + "]", options_.batch);
  require_positive("train: --lr", options_.lr);
  require_finite_positive("train: --init-scale", options_.init_scale);
  require_non_negative("train: --sample", options_.sample);
  if (vocab_.size() < 2) {
    throw std::runtime_error(corpus_path_ + ": only " + std::to_string(vocab_.size()) +
                             " distinct word(s) pass --min-count; skip-gram needs at least 2");
  }
  // A token takes at least a byte: more counted tokens than that are another corpus's.
  if (vocab_.total_count() > corpus_.bytes) {
    throw std::runtime_error(corpus_path_ + ": the vocabulary counts " +
                             std::to_string(vocab_.total_count()) + " tokens, more than its " +
                             std::to_string(corpus_.bytes) + " bytes can hold");
  }
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
  // With subwords, every bucket row starts random too, as in fastText: an n-gram seen once in
  // training still gives unseen words a vector of the same scale.
  const int64_t input_rows = subwords_ ? subwords_->table_rows() : vocab_.size();
  require_tables_fit(input_rows, vocab_.size(), options_.dim);
  in_ = std::make_unique<Embedding>(input_rows, options_.dim, rng, input_init);
  out_ = std::make_unique<Embedding>(vocab_.size(), options_.dim, rng, output_init);
  optimizer_ = make_optimizer(options_.optimizer, {in_->weight(), out_->weight()}, options_.lr);

  ranges_ = split_corpus(corpus_path_, options_.threads);
  positions_.resize(static_cast<size_t>(options_.threads));
  for (size_t t = 0; t < positions_.size(); ++t) {
    positions_[t].corpus = {ranges_[t].begin, 0};
    // Distinct, reproducible streams per worker, unrelated to the initialisation's stream.
    positions_[t].rng = Rng(options_.seed * 0x9E3779B97F4A7C15ULL + t + 1).state();
  }
  progress_.words_total = options_.epochs * vocab_.total_count();
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

  std::mutex mutex;
  std::condition_variable all_done;
  int running = threads;
  std::exception_ptr failure;
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t) {
    workers.emplace_back([&, t] {
      try {
        run_worker(t, stop, stop_after_words);
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!failure) failure = std::current_exception();
      }
      std::lock_guard lock(mutex);
      --running;
      all_done.notify_one();
    });
  }

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
    progress_.words_done = words_done_by_all();
    progress_.seconds =
        seconds_before +
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    progress_.lr = decay.at(progress_.fraction());
    if (pairs > reported_pairs)
      progress_.loss = (loss - reported_loss) / double(pairs - reported_pairs);
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
  for (const WorkerPosition& p : positions_) {
    if (p.epoch < options_.epochs) return false;
  }
  return true;
}

void Trainer::run_worker(int index, const std::atomic<bool>& stop, int64_t stop_after_words) {
  WorkerPosition& position = positions_[static_cast<size_t>(index)];
  LiveCounters& live = live_[index];
  Worker w(*this, index);
  w.rng.set_state(position.rng);
  w.reader.seek(position.corpus);
  const TrainOptions& o = options_;
  const LinearDecay decay(o.lr);
  const double words_total = static_cast<double>(progress_.words_total);

  int64_t batch_centres = 0;  // centre words in the batch being filled
  // One optimizer step on the examples added since the last: the objective's loss, backward,
  // apply.
  auto step = [&] {
    batch_centres = 0;
    const int64_t pairs = w.objective->pairs();
    if (pairs == 0) return;
    const float lr = decay.at(static_cast<double>(words_done_by_all()) / words_total);
    const Var loss = w.objective->loss(w.in_view, w.out_view);
    loss.backward();
    optimizer_->step(w.views, lr);
    w.in_view.zero_grad();
    w.out_view.zero_grad();
    position.loss_sum += loss.item();
    position.loss_pairs += pairs;
    live.loss_sum.store(position.loss_sum, std::memory_order_relaxed);
    live.loss_pairs.store(position.loss_pairs, std::memory_order_relaxed);
  };
  while (position.epoch < o.epochs) {
    while (w.reader.next_sentence(vocab_, w.sentence)) {
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
      position.corpus = w.reader.position();
      position.rng = w.rng.state();
      if (stop.load(std::memory_order_relaxed) ||
          (stop_after_words > 0 && words_done_by_all() >= stop_after_words)) {
        return;
      }
    }
    step();  // the epoch's last sentences
    ++position.epoch;
    w.reader.rewind();
    position.corpus = w.reader.position();
    position.rng = w.rng.state();
  }
}

}  // namespace gv
