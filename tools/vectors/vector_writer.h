// The row writers of the format table (vector_formats.h). write_vectors (vector_io.h) writes
// the header the table asks for, then each record as the word, its row, and '\n'.
#pragma once

#include <cstdint>
#include <string>

namespace gv {

// " v1 v2 ... vd" in the shortest decimal form that reads back to the same float32.
void append_text_row(const float* row, int64_t dim, std::string& record);

// ' ' and the d float32s as they are in memory (little-endian): word2vec.c's layout.
void append_binary_row(const float* row, int64_t dim, std::string& record);

}  // namespace gv
