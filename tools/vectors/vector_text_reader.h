// Reading GloVe and word2vec text (and fastText .vec) bodies, in parallel.
#pragma once

#include "tools/vectors/vector_io.h"
#include "tools/vectors/vector_source.h"

namespace gv {

// The readers of the format table; options.threads must be >= 1.
// GloVe: no header, d is the number of fields on line 1 minus the word.
WordVectors read_glove_vectors(const VectorSource& source, const ReadOptions& options,
                               ReadReport& report);
// word2vec text and fastText .vec: a "V d" header, then lines like GloVe's.
WordVectors read_word2vec_text_vectors(const VectorSource& source, const ReadOptions& options,
                                       ReadReport& report);

}  // namespace gv
