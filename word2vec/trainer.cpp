#include "word2vec/trainer.h"

#include <chrono>
#include <cmath>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "autograd/ops.h"
#include "word2vec/sgns_loss.h"
#include "word2vec/skipgram_pairs.h"

namespace gv {

namespace {

void require_positive(const char* what, int64_t value) {
  if (value <= 0) {
    throw std::invalid_argument(std::string("train: ") + what + " must be positive, got " +
                                std::to_string(value));
  }
}

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
  require_positive("--min-count", options.min_count);
  const WordCounts counts = count_words(corpus, options.tokenizer, options.threads);
  if (counts.empty()) throw std::runtime_error(corpus + ": the corpus holds no words");
  try {
    return Vocabulary::build(counts, options.min_count, options.max_vocab);
  } catch (const std::runtime_error&) {
    throw std::runtime_error(corpus + ": no word occurs at least " +
                             std::to_string(options.min_count) + " times (--min-count)");
  }
}

}  // namespace

// Everything one thread owns while training: its reader, random stream, the batch it is
// filling, its views of the shared tables (holding its own gradients), and scratch buffers.
// All are sized once, so the steady state allocates nothing but the small graph nodes.
struct Trainer::Worker {
  Worker(const Trainer& trainer, int index)
      : reader(trainer.corpus_path_, trainer.options_.tokenizer),
        in_view(Var::view_of(trainer.in_->weight())),
        out_view(Var::view_of(trainer.out_->weight())),
        views{in_view, out_view} {
    const TrainOptions& o = trainer.options_;
    reader.set_range(trainer.ranges_[static_cast<size_t>(index)]);
    batch.negatives = o.negatives;
    sentence.reserve(CorpusReader::kMaxSentenceTokens);
    contexts.resize(static_cast<size_t>(2 * o.window));
    outputs.resize(static_cast<size_t>(o.negatives + 1));
  }

  CorpusReader reader;
  Rng rng;
  Var in_view, out_view;
  std::vector<Var> views;
  SgnsBatch batch;                       // LossKind::sgns
  std::vector<int64_t> softmax_inputs;   // LossKind::softmax: (N) context ids
  std::vector<int64_t> softmax_targets;  // (N) centre ids
  std::vector<int64_t> sentence;
  std::vector<int64_t> contexts;  // (2 window) ids around one centre
  std::vector<int64_t> outputs;   // (K+1) the centre, then K negatives
};

Trainer::Trainer(std::string corpus_path, TrainOptions options)
    : Trainer(corpus_path, options, build_vocabulary(corpus_path, options)) {}

Trainer::Trainer(std::string corpus_path, TrainOptions options, Vocabulary vocab)
    : corpus_path_(std::move(corpus_path)), options_(options), vocab_(std::move(vocab)) {
  require_positive("--dim", options_.dim);
  require_positive("--window", options_.window);
  require_positive("--negative", options_.negatives);
  require_positive("--epochs", options_.epochs);
  require_positive("--threads", options_.threads);
  require_positive("--batch", options_.batch);
  if (!(options_.lr > 0.0f)) throw std::invalid_argument("train: --lr must be positive");
  if (!(options_.init_scale > 0.0f) || !std::isfinite(options_.init_scale)) {
    throw std::invalid_argument("train: --init-scale must be finite and positive");
  }
  if (!(options_.sample >= 0.0)) throw std::invalid_argument("train: --sample must be >= 0");
  if (vocab_.size() < 2) {
    throw std::runtime_error(corpus_path_ + ": only " + std::to_string(vocab_.size()) +
                             " distinct word(s) pass --min-count; skip-gram needs at least 2");
  }
  subsampler_ = std::make_unique<Subsampler>(vocab_.counts(), options_.sample);
  negatives_ = std::make_unique<NegativeSampler>(vocab_.counts());
  // word2vec's initialisation: inputs small and random, outputs zero. (Both random would
  // also train; zero outputs make the first updates of W_in exactly zero, a clean start.)
  Rng rng(options_.seed);
  EmbeddingOptions input_init, output_init;
  input_init.init = EmbeddingInit::word2vec_uniform;
  input_init.uniform_scale = options_.init_scale;
  output_init.init = EmbeddingInit::zeros;
  in_ = std::make_unique<Embedding>(vocab_.size(), options_.dim, rng, input_init);
  out_ = std::make_unique<Embedding>(vocab_.size(), options_.dim, rng, output_init);
  optimizer_ = make_optimizer(options_.optimizer, {in_->weight(), out_->weight()}, options_.lr);

  ranges_ = split_corpus(corpus_path_, options_.threads);
  corpus_bytes_ = ranges_.back().end;
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
  const int64_t k1 = o.negatives + 1;

  int64_t batch_centres = 0;  // centre words in the batch being filled
  // One optimizer step on the batch: build the loss from ops, backward, apply, clear.
  auto step = [&] {
    batch_centres = 0;
    const float lr = decay.at(static_cast<double>(words_done_by_all()) / words_total);
    Var loss;
    int64_t pairs = 0;
    if (o.loss == LossKind::sgns) {
      if (w.batch.groups() == 0) return;
      loss = sgns_loss(w.in_view, w.out_view, w.batch);
      pairs = w.batch.pairs();
    } else {
      if (w.softmax_inputs.empty()) return;
      pairs = static_cast<int64_t>(w.softmax_inputs.size());
      // cross_entropy averages; scale back to a sum so lr means the same per pair as SGNS.
      loss = softmax_skipgram_loss(w.in_view, w.out_view, w.softmax_inputs, w.softmax_targets) *
             static_cast<float>(pairs);
    }
    loss.backward();
    optimizer_->step(w.views, lr);
    w.in_view.zero_grad();
    w.out_view.zero_grad();
    position.loss_sum += loss.item();
    position.loss_pairs += pairs;
    live.loss_sum.store(position.loss_sum, std::memory_order_relaxed);
    live.loss_pairs.store(position.loss_pairs, std::memory_order_relaxed);
    w.batch.clear();
    w.softmax_inputs.clear();
    w.softmax_targets.clear();
  };
  while (position.epoch < o.epochs) {
    while (w.reader.next_sentence(vocab_, w.sentence)) {
      position.words_done += static_cast<int64_t>(w.sentence.size());
      live.words.store(position.words_done, std::memory_order_relaxed);
      subsampler_->filter(w.sentence, w.rng);
      const int64_t n = static_cast<int64_t>(w.sentence.size());
      for (int64_t centre = 0; centre < n; ++centre) {
        const ContextWindow window = sample_context_window(n, centre, o.window, w.rng);
        const int64_t centre_id = w.sentence[centre];
        int64_t m = 0;
        for (int64_t p = window.begin; p < window.end; ++p) {
          if (p != centre) w.contexts[m++] = w.sentence[p];
        }
        if (m == 0) continue;
        if (o.loss == LossKind::sgns) {
          // A group: inputs = contexts, outputs = the centre then K noise words (never the
          // centre itself). Shared: one group for all m contexts; else one per context.
          const int64_t groups = o.shared_negatives ? 1 : m;
          const int64_t inputs_per_group = o.shared_negatives ? m : 1;
          w.outputs[0] = centre_id;
          for (int64_t g = 0; g < groups; ++g) {
            for (int64_t k = 1; k < k1; ++k) {
              do w.outputs[k] = negatives_->sample(w.rng);
              while (w.outputs[k] == centre_id);
            }
            w.batch.add_group(w.contexts.data() + g * inputs_per_group, inputs_per_group,
                              w.outputs.data());
          }
        } else {
          for (int64_t j = 0; j < m; ++j) {
            w.softmax_inputs.push_back(w.contexts[j]);
            w.softmax_targets.push_back(centre_id);
          }
        }
        if (++batch_centres == o.batch) step();
      }
      // Every sentence end is also a step boundary, so a checkpoint taken there resumes at a
      // sentence start with nothing half-built: resumed training replays exactly.
      step();
      position.corpus = w.reader.position();
      position.rng = w.rng.state();
      if (stop.load(std::memory_order_relaxed) ||
          (stop_after_words > 0 && words_done_by_all() >= stop_after_words)) {
        return;
      }
    }
    ++position.epoch;
    w.reader.rewind();
    position.corpus = w.reader.position();
    position.rng = w.rng.state();
  }
}

}  // namespace gv
