// Vocabulary files ("word count" lines, word2vec's -save-vocab format): Vocabulary::load.
// Nothing in the command line reads one yet; a trainer checkpoint holds its vocabulary in
// its own binary form (checkpoint_fuzz.cpp).
#include "tests/fuzz/fuzz_support.h"
#include "word2vec/vocabulary.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static gv::fuzz::InputFile file("vocabulary");
  const std::string& path = file.hold(data, size);
  try {
    const gv::Vocabulary vocab = gv::Vocabulary::load(path);
    int64_t total = 0;
    for (int64_t id = 0; id < vocab.size(); ++id) {
      if (vocab.id(vocab.word(id)) != id || vocab.count(id) < 1 ||
          (id > 0 && vocab.count(id) > vocab.count(id - 1))) {
        gv::fuzz::finding("a loaded vocabulary whose ids, words and counts disagree");
      }
      total += vocab.count(id);
    }
    if (total != vocab.total_count()) gv::fuzz::finding("total_count is not the sum of counts");
  } catch (const std::runtime_error& e) {
    gv::fuzz::check_error(e, path);
  }
  return 0;
}
