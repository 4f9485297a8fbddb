// Telling GloVe, word2vec text, word2vec binary and fastText model files apart by their first
// bytes.
#pragma once

#include <string_view>

#include "tools/vectors/vector_io.h"

namespace gv {

// The format of a non-empty file, by the rules documented in vector_io.h.
VectorFormat detect_vector_format(std::string_view bytes);

}  // namespace gv
