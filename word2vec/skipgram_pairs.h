// Skip-gram pairs: which words of a sentence each word is trained to predict.
//
// Skip-gram trains every word (the center) to predict the words around it (its contexts).
// word2vec does not use a fixed window: for each center it draws an effective window b
// uniformly from 1..window, so a context at distance d is used with probability
// (window - d + 1) / window — nearer words weigh more, at no cost per pair.
//
// The windows are returned as position ranges rather than lists, so the training loop walks
// them with no buffer and no allocation:
//   const ContextWindow w = sample_context_window(n, center, window, rng);
//   for (int64_t p = w.begin; p < w.end; ++p) if (p != center) train(ids[center], ids[p]);
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "autograd/rng.h"

namespace gv {

// Positions [begin, end) of a sentence: the center lies inside and is not its own context.
struct ContextWindow {
  int64_t begin;
  int64_t end;
};

struct SkipGramPair {
  int64_t center;   // word id
  int64_t context;  // word id
  bool operator==(const SkipGramPair&) const = default;
};

// Throws std::invalid_argument naming the bad value; out of line to keep the callers small.
[[noreturn]] void throw_bad_context_window(int64_t sentence_length, int64_t center, int64_t radius);

// The positions within `radius` of `center`, clipped to the sentence.
// Requires 0 <= center < sentence_length and radius >= 1.
inline ContextWindow context_window(int64_t sentence_length, int64_t center, int64_t radius) {
  if (center < 0 || center >= sentence_length || radius < 1) {
    throw_bad_context_window(sentence_length, center, radius);
  }
  // Written so that no sum can overflow, whatever the radius.
  return {center > radius ? center - radius : 0,
          sentence_length - center > radius ? center + radius + 1 : sentence_length};
}

// word2vec's dynamic window: the radius is drawn uniformly from 1..max_window.
inline ContextWindow sample_context_window(int64_t sentence_length, int64_t center,
                                           int64_t max_window, Rng& rng) {
  if (max_window < 1) throw_bad_context_window(sentence_length, center, max_window);
  const int64_t radius = 1 + static_cast<int64_t>(rng.below(static_cast<uint64_t>(max_window)));
  return context_window(sentence_length, center, radius);
}

// Every (center, context) pair with the full window: centers in sentence order, each center's
// contexts left to right. The deterministic form, for tests, demos and small experiments.
std::vector<SkipGramPair> make_skipgram_pairs(std::span<const int64_t> ids, int64_t window);

}  // namespace gv
