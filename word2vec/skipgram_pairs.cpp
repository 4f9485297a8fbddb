#include "word2vec/skipgram_pairs.h"

#include <stdexcept>
#include <string>

namespace gv {

void throw_bad_context_window(int64_t sentence_length, int64_t center, int64_t radius) {
  if (radius < 1) {
    throw std::invalid_argument("context window: window must be at least 1, got " +
                                std::to_string(radius));
  }
  throw std::invalid_argument("context window: center " + std::to_string(center) +
                              " is outside a sentence of " + std::to_string(sentence_length) +
                              " words");
}

std::vector<SkipGramPair> make_skipgram_pairs(std::span<const int64_t> ids, int64_t window) {
  const int64_t length = static_cast<int64_t>(ids.size());
  if (window < 1) throw_bad_context_window(length, 0, window);
  std::vector<SkipGramPair> pairs;
  for (int64_t center = 0; center < length; ++center) {
    const ContextWindow w = context_window(length, center, window);
    for (int64_t p = w.begin; p < w.end; ++p) {
      if (p != center) pairs.push_back({ids[center], ids[p]});
    }
  }
  return pairs;
}

}  // namespace gv
