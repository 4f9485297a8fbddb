// Where training meets vector files: word2vec knows nothing of WordVectors, and the vectors
// library nothing of the Trainer, so the export between them lives with the command line.
#pragma once

#include "tools/vectors/word_vectors.h"
#include "word2vec/trainer.h"

namespace gv::tools {

// Each word's input vector, in vocabulary order: its W_in row (the vectors word2vec and gensim
// export), or with subwords the mean of its own and its n-grams' rows (what fastText's .vec holds).
WordVectors input_vectors(const Trainer& trainer);

}  // namespace gv::tools
