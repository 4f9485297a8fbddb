// LmTrainer: trains a GptModel on a corpus (lm_corpus.h) of characters or BPE tokens with AdamW.
//
// A step draws `batch` windows of `context` tokens at random from the training split
// (its seeded Rng, so runs repeat), predicts each window's next tokens, and averages the
// loss over all of them. With several threads the windows are shared out: each thread builds its
// own graph over a view of the parameters (GptParameters::view), its gradients are summed into the
// first thread's, in thread order, and the optimizers step once. The products' weights train with
// AdamW and weight decay, layer-norm gains and biases with AdamW without it, and the tables
// (tokens, learned positions) with SparseAdam on their row-sparse gradients. The learning rate
// warms up linearly, then follows a cosine down to min_lr_ratio of its peak.
//
// Training stops at a step boundary when asked (Ctrl-C) and resumes from a checkpoint holding
// the model, the optimizers, the step and the sampler's random state: with the same thread count,
// resumed training equals uninterrupted training bit for bit.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "autograd/optim.h"
#include "autograd/rng.h"
#include "lm/gpt.h"
#include "lm/lm_corpus.h"

namespace gv {

// The defaults won a search over sizes, steps and batches at a fixed budget of compute on
// TinyShakespeare: the settings tried and what each reached are in the README ("A
// character-level transformer").
struct LmTrainOptions {
  // Bounds that keep every count of windows and steps far from overflowing.
  static constexpr int64_t kMaxBatch = int64_t{1} << 20;
  static constexpr int64_t kMaxSteps = int64_t{1} << 40;  // also --warmup's

  int64_t batch = 16;  // windows per step
  int64_t steps = 3500;
  float lr = 1e-2f;  // peak learning rate
  int64_t warmup = 50;
  float min_lr_ratio = 0.1f;
  float weight_decay = 0.1f;
  uint64_t seed = 1;
  int threads = 1;
  // Throws std::invalid_argument naming the option for a value outside its range.
  void check() const;
};

// Checks the options and the model's sizes, and that such a run fits in memory: what a command
// checks before it reads the corpus. The vocabulary's size is `vocab`'s (a BPE tokenizer's), or
// without one at most 256, what a corpus's characters give. Throws std::invalid_argument naming
// the option.
void check_lm_settings(GptConfig config, const LmTrainOptions& options,
                       const LmTokenizer* vocab = nullptr);

struct LmProgress {
  int64_t step = 0;
  int64_t steps = 0;
  double seconds = 0.0;  // wall time spent training, including runs before a resume
  float lr = 0.0f;
  double loss = 0.0;  // mean training loss of the last 100 steps (fewer after a resume), nats
  double fraction() const { return steps ? double(step) / double(steps) : 1.0; }
};

// What a resumed run may change of its checkpoint's options, each the checkpoint's when unset.
struct LmResumeChanges {
  // The run's new total: more steps extend a run, finished or not, and the schedule (warm-up,
  // cosine) spans the new total from the step reached, as it would have from the start.
  std::optional<int64_t> steps;
  // Threads sharing each batch; a run repeats bit for bit only at the checkpoint's count.
  std::optional<int> threads;
};

class LmTrainer {
 public:
  // Reads the corpus, encoded with `vocab` (a BPE tokenizer's) or else as its own characters,
  // and initialises the model; config.vocab is the vocabulary's size. Throws
  // std::invalid_argument for a bad option, std::runtime_error naming the corpus for a bad one.
  LmTrainer(const LmCorpusFiles& corpus, GptConfig config, LmTrainOptions options,
            const LmTokenizer* vocab = nullptr);
  // Restores a checkpoint written by save_checkpoint(), with the tokenizer it holds and its
  // options but for `changes`; the corpus must be the same text (its size is checked, and for
  // characters they must be the model's). Throws std::runtime_error naming the checkpoint on any
  // defect, std::invalid_argument naming --steps for fewer than the steps taken, or another
  // option out of its range.
  static LmTrainer from_checkpoint(const std::string& checkpoint_path, const LmCorpusFiles& corpus,
                                   LmResumeChanges changes = {});
  LmTrainer(LmTrainer&&) noexcept;
  ~LmTrainer();

  using ProgressFn = std::function<void(const LmProgress&)>;
  // Trains until options().steps are done (returns true), or until `stop` turns true or
  // `stop_after_steps` (> 0) steps have been taken in this call: then returns false, ready for
  // save_checkpoint(). Calls `on_progress` about 5 times a second, and once at the end. Throws
  // std::runtime_error naming --lr once a step's loss or a parameter is NaN or infinite: the
  // model is then useless, and is left unsaved.
  bool train(const ProgressFn& on_progress, const std::atomic<bool>& stop,
             int64_t stop_after_steps = 0);
  // Atomically. Throws std::runtime_error naming the path if it cannot be written.
  void save_checkpoint(const std::string& path) const;

  // Mean loss per token on the validation split in windows of `length` (see mean_loss).
  double validation_loss(int64_t length);

  const GptModel& model() const { return *model_; }
  GptModel& model() { return *model_; }
  const LmCorpus& corpus() const { return corpus_; }
  const LmTrainOptions& options() const { return options_; }
  LmProgress progress() const { return progress_; }

 private:
  struct Optimizers;
  LmTrainer(LmCorpus corpus, GptConfig config, LmTrainOptions options);
  float lr_at(int64_t step) const;
  // One optimizer step on a fresh batch; returns its mean loss.
  double step(float lr);
  // Throws std::runtime_error naming --lr, for the step just taken, whose loss was `loss`.
  [[noreturn]] void throw_diverged(double loss) const;

  LmCorpus corpus_;
  LmTrainOptions options_;
  Rng rng_;  // draws the windows
  std::unique_ptr<GptModel> model_;
  std::unique_ptr<Optimizers> optimizers_;
  std::vector<GptParameters> views_;  // per thread: a view of the model's parameters
  LmProgress progress_;
};

}  // namespace gv
