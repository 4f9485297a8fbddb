// count_shares: the counting pass of a run across the ranks of a job. Each rank counts its share
// of the corpus (split_corpus(corpus, ranks)[rank]), the ranks exchange their tables, and each
// merges them in rank order, as count_words merges its threads' slices: one table, the same on
// every rank, whose counts and first occurrences are those of one pass over the corpus (unless
// --max-vocab-size had a share or the merge drop words). The options then keep the same
// vocabulary on every rank, in the same order.
#pragma once

#include <cstdint>

#include "distributed/mpi_job.h"
#include "word2vec/corpus/corpus.h"
#include "word2vec/train_options.h"
#include "word2vec/vocabulary.h"

namespace gv {

struct SharedVocabulary {
  Vocabulary vocab;
  int64_t share_words = 0;  // the in-vocabulary tokens of this rank's share
};

// Collective. Throws as count_for_training (word2vec/corpus/counted_corpus.h).
SharedVocabulary count_shares(const MpiJob& job, const Corpus& corpus, const TrainOptions& options);

}  // namespace gv
