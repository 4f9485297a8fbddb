// Reading word2vec binary files (the format word2vec.c writes with -binary 1).
#pragma once

#include "tools/vectors/vector_io.h"
#include "tools/vectors/vector_source.h"

namespace gv {

WordVectors read_binary_vectors(const VectorSource& source, const ReadOptions& options,
                                ReadReport& report);

}  // namespace gv
