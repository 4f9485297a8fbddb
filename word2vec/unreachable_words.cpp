#include "word2vec/unreachable_words.h"

namespace gv {

bool tokenizer_can_yield(std::string_view word, const TokenizerOptions& options) {
  const std::vector<std::vector<std::string>> sentences = tokenize(word, options);
  return sentences.size() == 1 && sentences.front().size() == 1 && sentences.front()[0] == word;
}

std::vector<int64_t> unreachable_words(const Vocabulary& vocab, const TokenizerOptions& options) {
  std::vector<int64_t> ids;
  for (int64_t id = 0; id < vocab.size(); ++id) {
    if (!tokenizer_can_yield(vocab.word(id), options)) ids.push_back(id);
  }
  return ids;
}

}  // namespace gv
