#include "word2vec/skipgram_examples.h"

#include "word2vec/skipgram_pairs.h"

namespace gv {

SkipGramExamples::SkipGramExamples(int64_t window) : window_(window) {
  if (window < 1) throw_bad_context_window(0, 0, window);
  contexts_.resize(static_cast<size_t>(2 * window));
}

Example SkipGramExamples::at(std::span<const int64_t> sentence, int64_t centre, Rng& rng) {
  const int64_t n = static_cast<int64_t>(sentence.size());
  const ContextWindow window = sample_context_window(n, centre, window_, rng);
  size_t m = 0;
  for (int64_t p = window.begin; p < window.end; ++p) {
    if (p != centre) contexts_[m++] = sentence[p];
  }
  return {sentence[centre], std::span<const int64_t>(contexts_.data(), m)};
}

}  // namespace gv
