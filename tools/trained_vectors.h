// Where training meets vector files: word2vec knows nothing of WordVectors, and the vectors
// library nothing of the Trainer, so the export between them lives with the command line.
#pragma once

#include "tools/vectors/word_vectors.h"
#include "word2vec/trainer.h"

namespace gv::tools {

// W_in's rows with their words, in vocabulary order: the vectors word2vec and gensim export.
WordVectors input_vectors(const Trainer& trainer);

}  // namespace gv::tools
