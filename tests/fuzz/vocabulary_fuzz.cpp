// Vocabulary files ("word count" lines, word2vec's -save-vocab format): Vocabulary::load as
// `train --read-vocab` calls it, with a --min-count and a --max-vocab taken from the input's
// first byte. A trainer checkpoint holds its vocabulary in its own binary form
// (checkpoint_fuzz.cpp).
#include "io/word_bytes.h"
#include "tests/fuzz/fuzz_support.h"
#include "text/vocabulary.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static gv::fuzz::InputFile file("vocabulary");
  // min_count 1 to 4, max_size 0 (no limit) to 3: small, so that both prune fuzzed files.
  const int64_t min_count = size > 0 ? 1 + (data[0] & 3) : 1;
  const int64_t max_size = size > 0 ? (data[0] >> 2) & 3 : 0;
  const std::string& path = file.hold(data, size);
  try {
    const gv::Vocabulary vocab = gv::Vocabulary::load(path, min_count, max_size);
    if (max_size > 0 && vocab.size() > max_size) gv::fuzz::finding("more words than max_size");
    int64_t total = 0;
    for (int64_t id = 0; id < vocab.size(); ++id) {
      if (vocab.id(vocab.word(id)) != id || vocab.count(id) < min_count ||
          (id > 0 && vocab.count(id) > vocab.count(id - 1))) {
        gv::fuzz::finding("a loaded vocabulary whose ids, words and counts disagree");
      }
      // What the trainer writes at the end must be writable: checked when read.
      if (!gv::word_problem(vocab.word(id), /*blanks_in_words=*/false).empty())
        gv::fuzz::finding("a loaded word that no vector file can hold");
      total += vocab.count(id);
    }
    if (total != vocab.total_count()) gv::fuzz::finding("total_count is not the sum of counts");
  } catch (const std::runtime_error& e) {
    gv::fuzz::check_error(e, path);
  }
  return 0;
}
