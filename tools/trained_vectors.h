// Where training meets vector files: word2vec knows nothing of WordVectors, and the vectors
// library nothing of the Trainer, so the export between them lives with the command line.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "tools/vectors/vector_formats.h"
#include "tools/vectors/word_vectors.h"
#include "word2vec/trainer.h"

namespace gv::tools {

// Each word's input vector, in vocabulary order: its W_in row (the vectors word2vec and gensim
// export), or with subwords the mean of its own and its n-grams' rows (what fastText's .vec holds).
WordVectors input_vectors(const Trainer& trainer);

// Writes input_vectors(trainer) to `path` (write_vectors in vector_io.h). Without subwords they
// are W_in's first rows, written straight from the table: no copy of V x dim floats beside it.
// The rows are formatted on the training's --threads.
void write_input_vectors(const Trainer& trainer, const std::string& path, VectorFormat format);

// input_vectors(trainer), with the trainer released: W_out, the optimizer's state and the
// workers' maps are freed before W_in's rows are copied out (W_in itself with them), so the copy
// takes their memory rather than adding to the tables. For the end of a run, when the vectors
// are queried (print_neighbours) after they were written.
WordVectors take_input_vectors(Trainer&& trainer);

// The whole model as a fastText .bin (tools/vectors/fasttext_model.h), written straight from the
// tables: fastText's own tools load it, and with --subwords it gives every word a vector. Throws
// std::invalid_argument for a setting fastText cannot store (a size past its int32 fields).
void write_fasttext_model(const Trainer& trainer, const std::string& path);

// Whose words train's neighbours are: the user's (--show), or its demo words, chosen for
// TinyShakespeare, which another corpus may lack.
enum class ShownWords { Asked, Demo };

// What train ends with: the five nearest neighbours of each of `words`, one line each on `out`,
// the words spelled as `tokenizer` spells the corpus ("King" is king unless --keep-case). A word
// asked for that the vocabulary lacks is said to be; a demo word it lacks is left out, as the user
// never asked for it, and when it lacks them all, its most frequent words take their place, as
// many. The index normalises `vectors` in place: pass an rvalue for no copy.
void print_neighbours(WordVectors vectors, std::vector<std::string> words, ShownWords whose,
                      const TokenizerOptions& tokenizer, std::ostream& out);

}  // namespace gv::tools
