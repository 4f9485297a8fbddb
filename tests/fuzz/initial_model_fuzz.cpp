// train --init's model (tools/initial_model_loading.cpp): a checkpoint, a fastText .bin or a
// vector file, told by its first bytes, and anything else refused by what it looks like; then
// its words and counts summed with a corpus's (continue_vocabulary), as the continued run does.
#include <stdexcept>

#include "tests/fuzz/fuzz_support.h"
#include "tools/initial_model_loading.h"
#include "word2vec/initial_model.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static gv::fuzz::InputFile model("model");
  static const gv::Vocabulary corpus_words =
      gv::Vocabulary::build({{"the", {3, 0}}, {"king", {2, 1}}, {"crown", {1, 2}}});
  const std::string& path = model.hold(data, size);
  try {
    const gv::InitialModel loaded = gv::tools::load_initial_model(path, 1);
    gv::continue_vocabulary(corpus_words, loaded, 2, {});
  } catch (const std::runtime_error& e) {
    gv::fuzz::check_error(e, path);
  }
  return 0;
}
