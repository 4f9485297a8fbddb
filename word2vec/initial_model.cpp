#include "word2vec/initial_model.h"

#include <algorithm>
#include <stdexcept>

#include "autograd/require.h"
#include "io/count_limit.h"
#include "io/printable.h"
#include "io/word_bytes.h"
#include "text/word_counts.h"
#include "word2vec/anchored_rows.h"

namespace gv {

TrainOptions counting_every_word(TrainOptions options) {
  if (options.max_vocab != 0)
    throw std::invalid_argument("train: --max-vocab cannot continue a model: its words all stay");
  options.min_count = 1;
  options.max_vocab = 0;
  options.sentence_cache_bytes = 0;  // the ids change with the model's words
  return options;
}

ContinuedVocabulary continue_vocabulary(const Vocabulary& corpus_words, const InitialModel& model,
                                        int64_t min_count, KnownWords known) {
  if (model.words.empty()) throw std::runtime_error(model.path + ": the model has no words");
  const auto model_size = static_cast<int64_t>(model.words.size());
  WordCounts counts;
  ContinuedRun run;
  RareWords::Writer left_out;  // the run's rare words
  // Every count this run holds, the rare words' too (a later run may bring them in), within the
  // bound of every file's counts (count_limit.h): the loaders bound the model's, and the corpus's
  // are counted, but their sums are checked here.
  int64_t total = 0;
  const auto summed = [&](std::string_view word, int64_t earlier, int64_t read) {
    // `read` is a vocabulary's count, within the bound: bounding `earlier` keeps the sum exact.
    if (earlier > kMaxTotalCount || !count_fits(earlier + read, total)) {
      throw std::runtime_error(model.path + ": the count of '" + quoted_input(word) +
                               "', the model's " + std::to_string(earlier) + " and the corpus's " +
                               std::to_string(read) + ", " +
                               must_be(count_requirement(total), std::to_string(earlier + read)));
    }
    total += earlier + read;
    return earlier + read;
  };
  for (int64_t i = 0; i < model_size; ++i) {
    const std::string& word = model.words[static_cast<size_t>(i)];
    // No corpus word has a blank, and a checkpoint of this run could not hold one.
    if (const std::string why = word_problem(word, /*blanks_in_words=*/false); !why.empty()) {
      throw std::runtime_error(model.path + ": word " + std::to_string(i + 1) + " '" +
                               quoted_input(word) + "' " + why + "; no training can hold it");
    }
    const int64_t prior = model.counts.empty() ? 1 : model.counts[static_cast<size_t>(i)];
    const int64_t id = corpus_words.id(word);
    const int64_t read = id == Vocabulary::kUnknown ? 0 : corpus_words.count(id);
    counts.insert(word, {summed(word, prior, read), i});
    run.prior_tokens += prior;
  }
  for (int64_t id = 0; id < corpus_words.size(); ++id) {
    const std::string& word = corpus_words.word(id);
    if (counts.find(word)) continue;  // the model's
    const WordCount* rare = model.rare.find(word);
    const int64_t earlier = rare ? rare->count : 0;
    const int64_t count = summed(word, earlier, corpus_words.count(id));
    if (count >= min_count) {
      counts.insert(word, {count, model_size + id});
      run.prior_tokens += earlier;
    } else {
      left_out.add(word, count);
    }
  }
  for (const auto& [word, seen] : model.rare) {
    if (corpus_words.id(word) == Vocabulary::kUnknown)
      left_out.add(word, summed(word, seen.count, 0));
  }
  RareWords rare = left_out.finish();
  Vocabulary vocab = Vocabulary::build(counts, 1);
  if (known.frozen()) {
    for (int64_t id = 0; id < vocab.size(); ++id) {
      if (counts.find(vocab.word(id))->first < model_size) run.frozen_rows.push_back(id);
    }
  }
  return {std::move(vocab), std::move(run), std::move(rare)};
}

void copy_model_rows(const InitialModel& model, const Vocabulary& vocab,
                     const TrainOptions& options, Tensor& w_in, Tensor& w_out) {
  if (model.dim != options.dim) {
    throw std::invalid_argument("train: --dim " + std::to_string(options.dim) +
                                " contradicts the model's " + std::to_string(model.dim));
  }
  const int64_t dim = options.dim;
  const int64_t width = row_floats(dim);
  const auto model_words = static_cast<int64_t>(model.words.size());
  const bool same_loss = model.options && model.options->loss == options.loss;
  const bool keep_w_out = !model.w_out.empty() && same_loss && options.loss != LossKind::hs;
  for (int64_t row = 0; row < model_words; ++row) {
    const int64_t id = vocab.id(model.words[static_cast<size_t>(row)]);
    std::copy_n(model.w_in.data() + row * dim, dim, w_in.data() + id * width);
    if (keep_w_out) std::copy_n(model.w_out.data() + row * dim, dim, w_out.data() + id * width);
  }
  // The buckets follow the words in both tables, so bucket b holds the same n-grams in both.
  const int64_t buckets = static_cast<int64_t>(model.w_in.size()) / dim - model_words;
  if (!options.subwords || buckets != options.subword_scheme.buckets) return;
  for (int64_t b = 0; b < buckets; ++b) {
    std::copy_n(model.w_in.data() + (model_words + b) * dim, dim,
                w_in.data() + (vocab.size() + b) * width);
  }
}

}  // namespace gv
