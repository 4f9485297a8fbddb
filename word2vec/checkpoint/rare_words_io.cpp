#include "word2vec/checkpoint/rare_words_io.h"

#include <string>

#include "io/count_limit.h"
#include "io/printable.h"
#include "io/word_bytes.h"

namespace gv {

void write_rare_words(TensorWriter& w, const RareWords& rare) {
  w.count(rare.size());
  rare.visit([&](std::string_view word, int64_t count) {
    w.string(word);
    w.pod(count);
  });
}

WordCounts read_rare_words(TensorReader& r, const Vocabulary& vocab) {
  const int64_t size = r.count("rare words", kMinWordEntryBytes);
  WordCounts rare;
  // With the vocabulary's: a later run may bring any of them into its vocabulary.
  int64_t total = vocab.total_count();
  for (int64_t i = 0; i < size; ++i) {
    const std::string word = r.string("rare words");
    const std::string field = "rare word " + std::to_string(i);
    if (const std::string why = word_problem(word, /*blanks_in_words=*/false); !why.empty())
      r.fail(field + " '" + quoted_input(word) + "' " + why);
    if (vocab.id(word) != Vocabulary::kUnknown)
      r.fail(field + " '" + quoted_input(word) + "' is in the vocabulary too");
    const auto count = r.pod<int64_t>("rare words");
    r.require_field(count_fits(count, total), field + "'s count", count_requirement(total), count);
    total += count;
    if (!rare.insert(word, {count, i})) r.fail(field + " '" + quoted_input(word) + "' repeats");
  }
  return rare;
}

}  // namespace gv
