#include "word2vec/train_options.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "autograd/machine.h"
#include "autograd/memory_limit.h"
#include "autograd/require.h"

namespace gv {

namespace {

template <class T>
void require_up_to(const char* option, T value, T maximum) {
  require(value >= 1 && value <= maximum, option, "in [1, " + value_str(maximum) + "]", value);
}

}  // namespace

void TrainOptions::check() const {
  require_up_to("train: --dim", dim, kMaxDim);
  require_up_to("train: --window", window, kMaxWindow);
  require_up_to("train: --negative", negatives, kMaxNegatives);
  require_up_to("train: --epochs", epochs, kMaxEpochs);
  require_up_to("train: --threads", threads, kMaxThreads);
  require_up_to("train: --batch", batch, kMaxBatch);
  require(lr > 0 && lr <= kMaxLr, "train: --lr", "in (0, " + value_str(kMaxLr) + "]", lr);
  require(init_scale > 0 && init_scale <= kMaxInitScale, "train: --init-scale",
          "in (0, " + value_str(kMaxInitScale) + "]", init_scale);
  require_positive("train: --min-count", min_count);
  require_non_negative("train: --max-vocab", max_vocab);
  require_non_negative("train: --max-vocab-size", max_vocab_size);
  require_non_negative("train: --sample", sample);
  require(sentence_cache_bytes >= 0 && sentence_cache_bytes <= kMaxSentenceCacheBytes,
          "train: the sentence cache", "in [0, " + value_str(kMaxSentenceCacheBytes) + "] bytes",
          sentence_cache_bytes);
  if (subwords) subword_scheme.check();
  require_training_fits(*this, kMinVocab);
}

void require_countable(int64_t epochs, int64_t tokens) {
  if (epochs > INT64_MAX / tokens) {
    throw std::invalid_argument("train: --epochs " + std::to_string(epochs) + " x " +
                                std::to_string(tokens) +
                                " tokens overflows the count of words to train");
  }
}

int64_t input_table_rows(const TrainOptions& options, int64_t vocab) {
  return options.subwords ? vocab + options.subword_scheme.buckets : vocab;
}

void require_training_fits(const TrainOptions& o, int64_t vocab) {
  constexpr double kFloat = sizeof(float), kId = sizeof(int64_t);
  const MemoryLimit limit = memory_limit();
  if (limit.bytes <= 0) return;  // unknown: nothing to compare with
  // Rows are stored in whole cache lines (row_floats); dim is within its bounds by now.
  const double dim = double(row_floats(o.dim)), words = double(vocab);
  const double rows = double(input_table_rows(o, vocab)) + words;
  const int optimizer_tables = o.optimizer == OptimizerKind::adam      ? 2
                               : o.optimizer == OptimizerKind::adagrad ? 1
                                                                       : 0;
  const double tables = rows * dim * kFloat * (1 + optimizer_tables);

  const double threads = o.threads;
  const double maps = threads * rows * kId;
  const double centres = double(o.batch);
  const double inputs =
      o.model == ModelKind::skipgram
          ? centres * double(std::min(o.window + 1, CorpusReader::kMaxSentenceTokens - 1))
          : centres;
  const double outputs = o.loss == LossKind::sgns ? double(o.negatives + 1)
                         : o.loss == LossKind::hs ? std::max(1.0, std::ceil(std::log2(words)))
                                                  : words;
  // SGNS and HS keep a coefficient per score in each of the two batches a worker alternates
  // between; softmax's logits have a gradient and probabilities too, and its W_out gradient is
  // dense (with the transposed table it is made from).
  const bool softmax = o.loss == LossKind::softmax;
  const double step = inputs * outputs * kFloat * (softmax ? 3 : 2) +
                      (inputs + std::min(words, inputs * outputs)) * dim * kFloat * 2 +
                      (softmax ? 3 * words * dim * kFloat : 0.0);
  const double steps = threads * (step + double(CorpusReader::kDefaultChunkBytes) +
                                  double(CorpusReader::kMaxSentenceTokens) * kId);

  const double total = tables + maps + steps + double(o.sentence_cache_bytes);
  if (total <= limit.bytes) return;
  const std::string d = std::to_string(o.dim);
  std::string part;
  if (tables >= maps && tables >= steps) {
    part = "the tables take " + gigabytes(tables) + " (W_in " +
           std::to_string(input_table_rows(o, vocab)) + " x " + d + " and W_out " +
           std::to_string(vocab) + " x " + d + " floats" +
           (optimizer_tables ? ", with the optimizer's state" : "") + "); lower --dim" +
           (o.subwords ? " or --buckets" : "") +
           // A BPE file's tokens are the words: fewer merges make fewer rows.
           (o.tokenizer.kind == TokenizerKind::bpe ? ", or use a --tokenizer of fewer merges" : "");
  } else if (steps >= maps) {
    const std::string scored =
        o.loss == LossKind::sgns ? " and --negative " + std::to_string(o.negatives)
        : softmax
            ? ", each scored against all " + std::to_string(vocab) + " words (--loss softmax),"
            : "";
    part = "steps of --batch " + std::to_string(o.batch) + " centres with --window " +
           std::to_string(o.window) + scored + " take " + gigabytes(steps / threads) +
           " in each of --threads " + std::to_string(o.threads) + " workers; lower one of them";
  } else {
    part = "each of --threads " + std::to_string(o.threads) + " workers maps the tables' " +
           std::to_string(input_table_rows(o, vocab) + vocab) + " rows, " + gigabytes(maps) +
           " in all; lower --threads";
  }
  throw std::invalid_argument("train: training needs about " + gigabytes(total) + " but " +
                              limit.describe() + ": " + part);
}

}  // namespace gv
