// SkipGramExamples: the examples of skip-gram training, one per centre word of a sentence.
//
// A centre's contexts are the words in word2vec's dynamic window around it (see
// sample_context_window), itself excluded. The builder owns the buffer the contexts are
// copied into, sized once, so building an example allocates nothing.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "autograd/rng.h"
#include "word2vec/example.h"

namespace gv {

class SkipGramExamples {
 public:
  // window: the widest radius a centre may draw; below 1 throws std::invalid_argument.
  explicit SkipGramExamples(int64_t window);

  // The example centred on sentence[centre], with one radius drawn from `rng`. Its contexts
  // are empty when the sentence holds only the centre; they stay valid until the next call.
  Example at(std::span<const int64_t> sentence, int64_t centre, Rng& rng);

 private:
  int64_t window_;
  std::vector<int64_t> contexts_;  // (2 min(window, CorpusReader::kMaxSentenceTokens))
};

}  // namespace gv
