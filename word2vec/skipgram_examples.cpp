#include "word2vec/skipgram_examples.h"

#include <algorithm>

#include "word2vec/corpus/corpus_reader.h"
#include "word2vec/skipgram_pairs.h"

namespace gv {

SkipGramExamples::SkipGramExamples(int64_t window) : window_(window) {
  if (window < 1) throw_bad_context_window(0, 0, window);
  // A corpus sentence has at most kMaxSentenceTokens - 1 contexts for any centre, however wide
  // the window: the buffer is sized for that, never for a radius of 10^12.
  contexts_.resize(static_cast<size_t>(std::min(window, CorpusReader::kMaxSentenceTokens) * 2));
}

Example SkipGramExamples::at(std::span<const int64_t> sentence, int64_t centre, Rng& rng) {
  const int64_t n = static_cast<int64_t>(sentence.size());
  const ContextWindow window = sample_context_window(n, centre, window_, rng);
  // Only a sentence longer than a corpus reader makes can need more room.
  const auto needed = static_cast<size_t>(window.end - window.begin - 1);
  if (needed > contexts_.size()) contexts_.resize(needed);
  size_t m = 0;
  for (int64_t p = window.begin; p < window.end; ++p) {
    if (p != centre) contexts_[m++] = sentence[p];
  }
  return {sentence[centre], std::span<const int64_t>(contexts_.data(), m)};
}

}  // namespace gv
