// Where training meets vector files: word2vec knows nothing of WordVectors, and the vectors
// library nothing of the Trainer, so the export between them lives with the command line.
#pragma once

#include <string>
#include <vector>

#include "tools/vectors/word_vectors.h"
#include "word2vec/trainer.h"

namespace gv::tools {

// Each word's input vector, in vocabulary order: its W_in row (the vectors word2vec and gensim
// export), or with subwords the mean of its own and its n-grams' rows (what fastText's .vec holds).
WordVectors input_vectors(const Trainer& trainer);

// The whole model as a fastText .bin (tools/vectors/fasttext_model.h), written straight from the
// tables: fastText's own tools load it, and with --subwords it gives every word a vector. Throws
// std::invalid_argument for a setting fastText cannot store (a size past its int32 fields).
void write_fasttext_model(const Trainer& trainer, const std::string& path);

// What train ends with: the five nearest neighbours of each of `words`, one line each, the words
// spelled as `tokenizer` spells the corpus ("King" is king unless --keep-case).
void print_neighbours(const WordVectors& vectors, std::vector<std::string> words,
                      const TokenizerOptions& tokenizer);

}  // namespace gv::tools
