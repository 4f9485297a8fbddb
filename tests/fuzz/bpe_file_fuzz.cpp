// BPE files (text/bpe/bpe_file.h): a file that loads must encode and decode bytes back
// exactly; one that does not is refused in one line naming it.
#include <string>

#include "tests/fuzz/fuzz_support.h"
#include "text/bpe/bpe_encoder.h"
#include "text/bpe/bpe_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static gv::fuzz::InputFile file("bpe");
  const std::string& path = file.hold(data, size);
  try {
    const gv::bpe::BpeTokens vocabulary = gv::bpe::load_bpe(path);
    gv::bpe::BpeEncoder encoder(vocabulary);
    const std::string text = "low lower newest\n\xff\x00 'll  \r\n" + std::to_string(size);
    if (vocabulary.decode(encoder.encode(text)) != text) {
      gv::fuzz::finding("a loaded BPE file does not round-trip text");
    }
  } catch (const std::runtime_error& e) {
    gv::fuzz::check_error(e, path);
  }
  return 0;
}
