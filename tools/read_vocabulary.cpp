#include "tools/read_vocabulary.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <vector>

#include "io/printable.h"
#include "text/tokenizer.h"
#include "word2vec/unreachable_words.h"

namespace gv::tools {

Vocabulary read_vocabulary(const std::string& path, bool keep_unseen, const TrainOptions& options) {
  const Vocabulary all = Vocabulary::load(path, options.min_count);
  const std::vector<int64_t> unreachable = unreachable_words(all, options.tokenizer);
  if (unreachable.empty()) return without_words(all, {}, options.max_vocab);
  constexpr size_t kExamples = 3;
  std::string examples;
  for (size_t i = 0; i < std::min(kExamples, unreachable.size()); ++i)
    examples += (i > 0 ? ", '" : "'") + quoted_input(all.word(unreachable[i])) + "'";
  TokenizerOptions keeping_case = options.tokenizer;
  keeping_case.lowercase = false;
  const bool keep_case_helps = options.tokenizer.lowercase &&
                               std::any_of(unreachable.begin(), unreachable.end(), [&](int64_t id) {
                                 return tokenizer_can_yield(all.word(id), keeping_case);
                               });
  const std::string what =
      "--read-vocab " + printable(path) + ": " + std::to_string(unreachable.size()) + " of its " +
      std::to_string(all.size()) + " words can never occur in the tokenized corpus (" + examples +
      ")" + (keep_case_helps ? "; words with capitals need --keep-case" : "");
  if (static_cast<int64_t>(unreachable.size()) == all.size())
    throw std::runtime_error(what + "; nothing would be trained");
  std::fprintf(
      stderr, "gradvec: warning: %s; %s\n", what.c_str(),
      keep_unseen ? "they stay untrained" : "they are left out (--keep-unseen-vocab keeps them)");
  return without_words(all, keep_unseen ? std::vector<int64_t>{} : unreachable, options.max_vocab);
}

}  // namespace gv::tools
