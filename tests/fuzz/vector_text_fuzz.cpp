// GloVe and word2vec text (fastText .vec) bodies: both text readers on every input.
#include "tests/fuzz/vector_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  gv::fuzz::read_in_memory(gv::VectorFormat::Glove, data, size);
  gv::fuzz::read_in_memory(gv::VectorFormat::Word2VecText, data, size);
  return 0;
}
