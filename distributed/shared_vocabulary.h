// count_shares: the counting pass of a run across the ranks of a job. Each rank counts its share
// of the corpus (split_corpus(corpus, ranks)[rank]), the ranks exchange their tables, and each
// merges them in rank order, as count_words merges its threads' slices: one table, the same on
// every rank, whose counts and first occurrences are those of one pass over the corpus (unless
// --max-vocab-size had a share or the merge drop words). The vocabulary made of it (by
// training_vocabulary, or continue_vocabulary for a continued model) is then the same on every
// rank, in the same order.
#pragma once

#include <cstdint>

#include "distributed/mpi_job.h"
#include "text/corpus/corpus.h"
#include "text/vocabulary.h"
#include "text/word_counts.h"
#include "word2vec/train_options.h"

namespace gv {

struct SharedCounts {
  WordCounts merged;  // every rank's, merged in rank order
  WordCounts own;     // this rank's share's

  // The tokens of this rank's share that `vocab` holds: what the rank reads an epoch.
  int64_t share_words(const Vocabulary& vocab) const;
};

// Collective. Throws as count_for_training (word2vec/counted_corpus.h). A stop signal to
// any rank while the ranks count ends every rank's count at its next sentence, every rank
// throwing InputPassStopped("counting CORPUS") (pass_together.h).
SharedCounts count_shares(MpiJob& job, const Corpus& corpus, const TrainOptions& options);

}  // namespace gv
