#include "word2vec/counted_corpus.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "text/corpus/corpus_reader.h"

namespace gv {

namespace {

// A limit far below the corpus's distinct words can drop nearly all of them (word2vec.c's and
// gensim's rule: each prune drops every word seen up to a threshold that rises each time), so
// when too few are left the message names the limit, not the corpus.
void require_pruning_left_enough(const Corpus& corpus, const TrainOptions& options,
                                 const WordCounts& counts, int64_t min_words) {
  int64_t kept = 0;
  for (const auto& entry : counts) kept += entry.seen.count >= options.min_count ? 1 : 0;
  if (kept >= min_words) return;
  throw std::runtime_error(corpus.name() + ": --max-vocab-size " +
                           std::to_string(options.max_vocab_size) + " left " +
                           std::to_string(kept) + " word(s) seen at least --min-count " +
                           std::to_string(options.min_count) +
                           " times (to stay within it, counting dropped words seen " +
                           std::to_string(counts.dropped_up_to()) + " times or fewer); " +
                           std::to_string(min_words) + " are needed: raise --max-vocab-size");
}

}  // namespace

CountedCorpus count_for_training(const Corpus& corpus, const TrainOptions& options,
                                 int64_t min_words) {
  CountedCorpus counted;
  const WordCounts counts =
      count_words(corpus, options.tokenizer, options.threads, options.max_vocab_size,
                  &counted.sentences, options.sentence_cache_bytes);
  counted.vocab = training_vocabulary(corpus, options, counts, min_words);
  counted.rare = rare_words(counts, counted.vocab);
  if (std::ranges::any_of(counted.sentences, &SentenceCache::usable)) {
    std::vector<int32_t> ids;  // by the counts' word index; Vocabulary::kUnknown is -1
    ids.reserve(static_cast<size_t>(counts.size()));
    for (const auto& [word, seen] : counts) {
      ids.push_back(static_cast<int32_t>(counted.vocab.id(word)));
    }
    for (SentenceCache& cache : counted.sentences) cache.map(ids);
  }
  return counted;
}

Vocabulary training_vocabulary(const Corpus& corpus, const TrainOptions& options,
                               const WordCounts& counts, int64_t min_words) {
  if (counts.dropped_up_to() > 0) require_pruning_left_enough(corpus, options, counts, min_words);
  if (counts.empty()) {
    throw std::runtime_error(corpus.name() + (corpus.size() == 0 ? ": the corpus is empty"
                                                                 : ": the corpus holds no words"));
  }
  try {
    return Vocabulary::build(counts, options.min_count, options.max_vocab);
  } catch (const std::runtime_error&) {
    throw std::runtime_error(corpus.name() + ": no word occurs at least " +
                             std::to_string(options.min_count) + " times (--min-count)");
  }
}

RareWords rare_words(const WordCounts& counts, const Vocabulary& vocab) {
  RareWords::Writer rare;
  for (const auto& [word, seen] : counts) {
    if (vocab.id(word) == Vocabulary::kUnknown) rare.add(word, seen.count);
  }
  return rare.finish();
}

}  // namespace gv
