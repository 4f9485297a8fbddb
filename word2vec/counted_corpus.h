// count_for_training: the counting pass that starts a training run. It counts the corpus within
// options.max_vocab_size (count_words), builds the vocabulary the options keep, and hands over
// the corpus's slices as sentences of its ids when they fit in options.sentence_cache_bytes
// (sentence_cache.h). When too few words are left, its message names what left them out: an
// empty corpus, --min-count, or a --max-vocab-size whose pruning dropped nearly every word.
#pragma once

#include <cstdint>
#include <vector>

#include "text/corpus/corpus.h"
#include "text/corpus/sentence_cache.h"
#include "text/vocabulary.h"
#include "word2vec/rare_words.h"
#include "word2vec/train_options.h"

namespace gv {

struct CountedCorpus {
  Vocabulary vocab;
  std::vector<SentenceCache> sentences;  // split_corpus(corpus, options.threads)'s, in order
  RareWords rare;                        // rare_words() of the counts
};

// Throws std::runtime_error naming the corpus if no word is left, or if pruning left fewer than
// `min_words` words seen options.min_count times.
CountedCorpus count_for_training(const Corpus& corpus, const TrainOptions& options,
                                 int64_t min_words);
// The vocabulary that options keep of `counts`, the words of `corpus` however they were counted
// (here, or by several processes each counting its share). Throws as count_for_training.
Vocabulary training_vocabulary(const Corpus& corpus, const TrainOptions& options,
                               const WordCounts& counts, int64_t min_words);
// The words of `counts` that `vocab` gives no row (under min_count, or past max_vocab), with
// their counts, in the counts' order (where the corpus first uses them): what a checkpoint
// keeps for a run continued from it to add to its corpus's counts, written out to disk
// (rare_words.h). A word that --max-vocab-size dropped while counting is not among them. Throws
// as RareWords::Writer::add.
RareWords rare_words(const WordCounts& counts, const Vocabulary& vocab);

}  // namespace gv
