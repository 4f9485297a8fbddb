// ContextExamples: the examples of training, one per centre word of a sentence: the centre and
// the context words around it. Skip-gram scores each context against the centre, CBOW their
// mean (objective.h); both take their examples from here.
//
// word2vec does not use a fixed window: for each centre it draws an effective radius b
// uniformly from 1..window, so a context at distance d is used with probability
// (window - d + 1) / window — nearer words weigh more, at no cost per pair. The windows are
// position ranges of the sentence; the builder copies a window's words, the centre excluded,
// into a buffer it owns, sized once, so building an example allocates nothing.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "autograd/rng.h"
#include "word2vec/examples/example.h"

namespace gv {

// Positions [begin, end) of a sentence: the centre lies inside and is not its own context.
struct ContextWindow {
  int64_t begin;
  int64_t end;
};

// Throws std::invalid_argument naming the bad value; out of line to keep the callers small.
[[noreturn]] void throw_bad_context_window(int64_t sentence_length, int64_t centre, int64_t radius);

// The positions within `radius` of `centre`, clipped to the sentence.
// Requires 0 <= centre < sentence_length and radius >= 1.
inline ContextWindow context_window(int64_t sentence_length, int64_t centre, int64_t radius) {
  if (centre < 0 || centre >= sentence_length || radius < 1) {
    throw_bad_context_window(sentence_length, centre, radius);
  }
  // Written so that no sum can overflow, whatever the radius.
  return {centre > radius ? centre - radius : 0,
          sentence_length - centre > radius ? centre + radius + 1 : sentence_length};
}

// word2vec's dynamic window: the radius is drawn uniformly from 1..max_window.
inline ContextWindow sample_context_window(int64_t sentence_length, int64_t centre,
                                           int64_t max_window, Rng& rng) {
  if (max_window < 1) throw_bad_context_window(sentence_length, centre, max_window);
  const int64_t radius = 1 + static_cast<int64_t>(rng.below(static_cast<uint64_t>(max_window)));
  return context_window(sentence_length, centre, radius);
}

class ContextExamples {
 public:
  // window: the widest radius a centre may draw; below 1 throws std::invalid_argument.
  explicit ContextExamples(int64_t window);

  // The example centred on sentence[centre], with one radius drawn from `rng`. Its contexts
  // are empty when the sentence holds only the centre; they stay valid until the next call.
  Example at(std::span<const int64_t> sentence, int64_t centre, Rng& rng);

 private:
  int64_t window_;
  std::vector<int64_t> contexts_;  // (2 min(window, CorpusReader::kMaxSentenceTokens))
};

}  // namespace gv
