// fastText models (.bin): the dictionary, the matrices, and the n-gram rows read from them.
#include "tests/fuzz/vector_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  gv::fuzz::read_in_memory(gv::VectorFormat::FastTextBin, data, size);
  return 0;
}
