#include "word2vec/unreachable_words.h"

namespace gv {

bool tokenizer_can_yield(std::string_view word, const TokenizerOptions& options) {
  if (options.kind == TokenizerKind::bpe) return options.bpe->has_piece(word);
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

Vocabulary without_words(const Vocabulary& vocab, const std::vector<int64_t>& dropped,
                         int64_t max_size) {
  WordCounts kept;
  auto next_dropped = dropped.begin();
  for (int64_t id = 0; id < vocab.size(); ++id) {
    if (next_dropped != dropped.end() && *next_dropped == id) {
      ++next_dropped;
      continue;
    }
    // `first` = id keeps the order of equal counts, and so the ids' order.
    kept.insert(vocab.word(id), {vocab.count(id), id});
  }
  return Vocabulary::build(kept, 1, max_size);
}

}  // namespace gv
