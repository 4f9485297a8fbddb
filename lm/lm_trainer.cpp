#include "lm/lm_trainer.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <numbers>
#include <numeric>
#include <optional>
#include <stdexcept>

#include "autograd/machine.h"
#include "autograd/ops.h"
#include "autograd/require.h"
#include "lm/evaluation.h"
#include "lm/lm_checkpoint.h"

namespace gv {

namespace {

// nanoGPT's betas for small character models: a shorter memory for v than Adam's 0.999.
constexpr AdamOptions kAdam{.beta1 = 0.9f, .beta2 = 0.99f, .eps = 1e-8f};

// A run must fit in the memory this process may use, checked before anything is allocated:
// parameters with their Adam moments and one gradient per thread, a step's activations and their
// gradients (about 60 floats per token per layer and channel, plus the attention probabilities,
// and the logits, their softmax and its gradient: 3 floats per token and symbol of the
// vocabulary, which a BPE vocabulary makes large), and the corpus as ids.
// Over BPE tokens (`bpe_tokens`), the vocabulary is the tokenizer's, which the advice names.
void require_run_fits(const GptConfig& config, const LmTrainOptions& options, int64_t corpus_bytes,
                      bool bpe_tokens) {
  double params = 0.0;
  for (const Shape& shape : parameter_shapes(config)) params += double(shape_numel(shape));
  const double positions = double(options.batch) * double(config.context);
  const double activations =
      positions * (double(config.layers) * (60.0 * double(config.dim) +
                                            3.0 * double(config.heads) * double(config.context)) +
                   3.0 * double(config.vocab));
  require_memory(sizeof(float) * (params * (3.0 + options.threads) + activations) +
                     sizeof(int64_t) * double(corpus_bytes),
                 "lm train: the model and a step need",
                 "lower --dim, --layers, --context or --batch" +
                     (bpe_tokens ? ", or use a --tokenizer of fewer merges (" +
                                       std::to_string(config.vocab) + " tokens)"
                                 : std::string()));
}

// into's gradients += from's: a thread's share of a step, summed into the first thread's.
void add_gradients(const Var& from, const Var& into) {
  const Node& source = *from.node();
  Node& target = *into.node();
  if (!source.grad.empty()) {
    float* sum = target.grad_data();
    const float* g = source.grad.data();
    for (int64_t i = 0; i < source.grad.numel(); ++i) sum[i] += g[i];
  }
  const SparseRows& rows = source.sparse_grad;
  if (rows.stored_rows() > 0) target.sparse_grad_rows()->append(rows.indices(), rows.row(0));
}

}  // namespace

void check_lm_settings(GptConfig config, const LmTrainOptions& options, const LmTokenizer* vocab) {
  options.check();
  config.vocab = vocab ? vocab->size() : 256;
  config.check();
  require_run_fits(config, options, 0, vocab && vocab->bpe());
}

void LmTrainOptions::check() const {
  const auto up_to = [](int64_t low, int64_t high) {
    return "in [" + std::to_string(low) + ", " + std::to_string(high) + "]";
  };
  require(batch >= 1 && batch <= kMaxBatch, "--batch", up_to(1, kMaxBatch), batch);
  require(steps >= 1 && steps <= kMaxSteps, "--steps", up_to(1, kMaxSteps), steps);
  require_finite_positive("--lr", lr);
  require(warmup >= 0 && warmup <= kMaxSteps, "--warmup", up_to(0, kMaxSteps), warmup);
  require(min_lr_ratio >= 0.0f && min_lr_ratio <= 1.0f, "--min-lr-ratio", "in [0, 1]",
          min_lr_ratio);
  require(weight_decay >= 0.0f && std::isfinite(weight_decay), "--weight-decay", "finite and >= 0",
          weight_decay);
  require(threads >= 1 && threads <= 1024, "--threads", "in [1, 1024]", threads);
}

// The three groups of parameters, each with its optimizer, and the first thread's views of each
// group (where the summed gradients are, and what the optimizers step with).
struct LmTrainer::Optimizers {
  std::vector<std::unique_ptr<Optimizer>> optimizers;  // decayed, undecayed, tables
  std::vector<std::vector<Var>> views;                 // the same groups of views_[0]

  Optimizers(const GptParameters& params, const GptParameters& first_views,
             const LmTrainOptions& o) {
    const std::vector<std::vector<Var>> groups = groups_of(params);
    views = groups_of(first_views);
    optimizers.push_back(std::make_unique<AdamW>(groups[0], o.lr, o.weight_decay, kAdam));
    optimizers.push_back(std::make_unique<AdamW>(groups[1], o.lr, 0.0f, kAdam));
    optimizers.push_back(std::make_unique<SparseAdam>(groups[2], o.lr, kAdam));
  }

  // nanoGPT's rule: the products' weights (matrices) decay, gains and biases (vectors) do not;
  // the input stage's tables have row-sparse gradients. Each group in parameters() order.
  static std::vector<std::vector<Var>> groups_of(const GptParameters& params) {
    std::vector<std::vector<Var>> groups(3);
    for (const Var& p : params.transformer_parameters()) {
      groups[p.shape().size() == 2 ? 0 : 1].push_back(p);
    }
    groups[2] = params.input.parameters();
    return groups;
  }
};

LmTrainer::LmTrainer(LmCorpus corpus, GptConfig config, LmTrainOptions options)
    : corpus_(std::move(corpus)), options_(options), rng_(options.seed) {
  keep_freed_memory();
  config.vocab = corpus_.vocab.size();
  options_.check();
  config.check();
  require_run_fits(config, options_, corpus_.fingerprint.bytes, corpus_.vocab.bpe() != nullptr);
  model_ = std::make_unique<GptModel>(config, rng_);
  for (int t = 0; t < options_.threads; ++t) views_.push_back(model_->weights().view());
  optimizers_ = std::make_unique<Optimizers>(model_->weights(), views_[0], options_);
  progress_.steps = options_.steps;
}

// The settings are checked before the corpus is read, so a typo is reported at once. The corpus
// then holds a window and its successor in both splits (read_lm_corpus checks the smaller one).
LmTrainer::LmTrainer(const LmCorpusFiles& corpus, GptConfig config, LmTrainOptions options,
                     const LmTokenizer* vocab)
    : LmTrainer((check_lm_settings(config, options, vocab),
                 read_lm_corpus(corpus, config.context, vocab)),
                config, options) {}

LmTrainer::LmTrainer(LmTrainer&&) noexcept = default;
LmTrainer::~LmTrainer() = default;

float LmTrainer::lr_at(int64_t step) const {
  const LmTrainOptions& o = options_;
  const int64_t warmup = std::min(o.warmup, o.steps);  // a short run warms up throughout
  if (step < warmup) return o.lr * static_cast<float>(step + 1) / static_cast<float>(warmup);
  const double done = double(step - warmup) / double(std::max<int64_t>(1, o.steps - warmup));
  const double low = double{o.lr} * o.min_lr_ratio;
  return static_cast<float>(low + 0.5 * (o.lr - low) * (1.0 + std::cos(std::numbers::pi * done)));
}

double LmTrainer::step(float lr) {
  const int64_t batch = options_.batch, length = model_->config().context;
  const std::vector<int64_t>& train = corpus_.train;
  std::vector<int64_t> ids(static_cast<size_t>(batch * length));
  std::vector<int64_t> targets(ids.size());
  for (int64_t b = 0; b < batch; ++b) {
    const auto start = static_cast<std::ptrdiff_t>(rng_.below(train.size() - length));
    std::copy_n(train.begin() + start, length, ids.begin() + b * length);
    std::copy_n(train.begin() + start + 1, length, targets.begin() + b * length);
  }
  const int threads = static_cast<int>(views_.size());
  std::vector<double> losses(views_.size(), 0.0);
  run_on_threads(threads, [&](int t) {
    const GptParameters& views = views_[static_cast<size_t>(t)];
    for (const Var& view : views.parameters()) view.zero_grad();
    // Windows [first, last) of the batch; each thread's mean is weighted by its share.
    const int64_t first = batch * t / threads, last = batch * (t + 1) / threads;
    if (last == first) return;
    const float share = static_cast<float>(last - first) / static_cast<float>(batch);
    const auto span_of = [&](const std::vector<int64_t>& v) {
      return std::span(v).subspan(static_cast<size_t>(first * length),
                                  static_cast<size_t>((last - first) * length));
    };
    const Var loss =
        model_->loss(views, span_of(ids), span_of(targets), last - first, length) * share;
    loss.backward();
    losses[static_cast<size_t>(t)] = loss.item();
  });
  const std::vector<Var> sums = views_[0].parameters();
  for (size_t t = 1; t < views_.size(); ++t) {
    const std::vector<Var> shares = views_[t].parameters();
    for (size_t i = 0; i < sums.size(); ++i) add_gradients(shares[i], sums[i]);
  }
  for (size_t g = 0; g < optimizers_->optimizers.size(); ++g) {
    optimizers_->optimizers[g]->step(optimizers_->views[g], lr);
  }
  double loss = 0.0;
  for (const double l : losses) loss += l;
  return loss;
}

bool LmTrainer::train(const ProgressFn& on_progress, const std::atomic<bool>& stop,
                      int64_t stop_after_steps) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point start = Clock::now();
  Clock::time_point last_report = start;
  const double seconds_before = progress_.seconds;
  // The losses of the last kLossWindow steps, so that what is reported does not depend on when.
  constexpr int64_t kLossWindow = 100;
  std::vector<double> recent(kLossWindow, 0.0);
  int64_t taken = 0;
  const auto report = [&] {
    const int64_t n = std::min(taken, kLossWindow);
    if (n > 0) progress_.loss = std::accumulate(recent.begin(), recent.begin() + n, 0.0) / n;
    if (on_progress) on_progress(progress_);
  };
  while (progress_.step < options_.steps) {
    if (stop.load() || (stop_after_steps > 0 && taken >= stop_after_steps)) {
      report();
      return false;
    }
    progress_.lr = lr_at(progress_.step);
    const double loss = step(progress_.lr);
    recent[static_cast<size_t>(taken % kLossWindow)] = loss;
    ++progress_.step;
    ++taken;
    // A NaN spreads to every parameter within a step or two and never leaves: stop at once, so
    // that what was trained is never written as a model.
    if (!std::isfinite(loss) || model_->first_non_finite_parameter() >= 0) throw_diverged(loss);
    const Clock::time_point now = Clock::now();
    progress_.seconds = seconds_before + std::chrono::duration<double>(now - start).count();
    if (now - last_report >= std::chrono::milliseconds(200)) {
      report();
      last_report = now;
    }
  }
  report();
  return true;
}

void LmTrainer::throw_diverged(double loss) const {
  char message[200];
  std::snprintf(message, sizeof message,
                "lm train: training diverged at step %lld of %lld: %s; lower --lr (it is %g)",
                static_cast<long long>(progress_.step), static_cast<long long>(options_.steps),
                std::isnan(loss)   ? "the loss became NaN"
                : std::isinf(loss) ? "the loss became infinite"
                                   : "a parameter became NaN or infinite",
                options_.lr);
  throw std::runtime_error(message);
}

double LmTrainer::validation_loss(int64_t length) {
  model_->extend_positions(length);
  return mean_loss(*model_, corpus_.validation, length, options_.batch, options_.threads).mean;
}

void LmTrainer::save_checkpoint(const std::string& path) const {
  LmTrainingState state{
      options_, corpus_.fingerprint, corpus_.files, progress_.step, progress_.seconds, rng_.state(),
      {}};
  for (const auto& optimizer : optimizers_->optimizers)
    state.optimizers.push_back(optimizer->state());
  write_lm_checkpoint(path, corpus_.vocab, *model_, state);
}

LmTrainer LmTrainer::from_checkpoint(const std::string& checkpoint_path,
                                     const LmCorpusFiles& corpus_files, LmResumeChanges changes) {
  LmCheckpoint checkpoint = read_lm_checkpoint(checkpoint_path);
  LmTrainingState& state = checkpoint.training;
  const GptConfig config = checkpoint.model->config();
  // Before the corpus is read: a typo should not wait for it.
  if (changes.steps) {
    require(
        *changes.steps >= state.step, "--steps",
        "at least the " + std::to_string(state.step) + " steps " + checkpoint_path + " has taken",
        *changes.steps);
    state.options.steps = *changes.steps;
  }
  if (changes.threads) state.options.threads = *changes.threads;
  // The size first, before the corpus is read and its characters checked: another corpus is the
  // likelier mistake than a foreign character. Then its bytes.
  const std::string& name = corpus_files.name;
  const std::optional<int64_t> bytes = plain_lm_corpus_size(corpus_files);
  if (bytes && *bytes != state.corpus.bytes) {
    check_same_corpus(checkpoint_path, state.corpus, name, {*bytes, 0});  // names the sizes
  }
  LmCorpus corpus = read_lm_corpus(corpus_files, config.context, &checkpoint.vocab);
  check_same_corpus(checkpoint_path, state.corpus, name, corpus.fingerprint);
  LmTrainer trainer(std::move(corpus), config, state.options);
  // The fresh model's parameters take the checkpoint's values.
  const std::vector<Var> saved = checkpoint.model->parameters();
  const std::vector<Var> params = trainer.model_->parameters();
  for (size_t i = 0; i < params.size(); ++i) {
    Var p = params[i];
    std::copy_n(saved[i].value().data(), p.numel(), p.value().data());
  }
  const auto& optimizers = trainer.optimizers_->optimizers;
  if (state.optimizers.size() != optimizers.size()) {
    throw std::runtime_error(checkpoint_path + ": not a valid gradvec language-model checkpoint (" +
                             std::to_string(state.optimizers.size()) + " optimizer states, not " +
                             std::to_string(optimizers.size()) + ")");
  }
  for (size_t g = 0; g < optimizers.size(); ++g) {
    try {
      optimizers[g]->load_state(state.optimizers[g]);
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error(
          checkpoint_path + ": not a valid gradvec language-model checkpoint (" + e.what() + ")");
    }
  }
  trainer.rng_.set_state(state.rng);
  trainer.progress_.step = state.step;
  trainer.progress_.seconds = state.seconds;
  return trainer;
}

}  // namespace gv
