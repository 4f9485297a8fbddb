// word2vec binary files (word2vec.c -binary 1).
#include "tests/fuzz/vector_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  gv::fuzz::read_in_memory(gv::VectorFormat::Word2VecBinary, data, size);
  return 0;
}
