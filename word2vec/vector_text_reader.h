// Reading GloVe and word2vec text (and fastText .vec) bodies, in parallel.
#pragma once

#include "word2vec/vector_io.h"
#include "word2vec/vector_source.h"

namespace gv {

// `has_header` selects word2vec text ("V d" first) over GloVe. options.threads must be >= 1.
WordVectors read_text_vectors(const VectorSource& source, bool has_header,
                              const ReadOptions& options, ReadReport& report);

}  // namespace gv
