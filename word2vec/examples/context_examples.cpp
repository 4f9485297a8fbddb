#include "word2vec/examples/context_examples.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "text/corpus/corpus_reader.h"

namespace gv {

void throw_bad_context_window(int64_t sentence_length, int64_t centre, int64_t radius) {
  if (radius < 1) {
    throw std::invalid_argument("context window: window must be at least 1, got " +
                                std::to_string(radius));
  }
  throw std::invalid_argument("context window: centre " + std::to_string(centre) +
                              " is outside a sentence of " + std::to_string(sentence_length) +
                              " words");
}

ContextExamples::ContextExamples(int64_t window) : window_(window) {
  if (window < 1) throw_bad_context_window(0, 0, window);
  // A corpus sentence has at most kMaxSentenceTokens - 1 contexts for any centre, however wide
  // the window: the buffer is sized for that, never for a radius of 10^12.
  contexts_.resize(static_cast<size_t>(std::min(window, CorpusReader::kMaxSentenceTokens) * 2));
}

Example ContextExamples::at(std::span<const int64_t> sentence, int64_t centre, Rng& rng) {
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
