// What a trained language model is measured by: its loss on held-out text, and whether its
// attention depends on absolute or only on relative positions.
#pragma once

#include <atomic>

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "lm/gpt.h"
#include "lm/lm_tokenizer.h"

namespace gv {

// The loss on held-out text read in consecutive windows of `length`: window w holds tokens
// [w length, (w + 1) length) and predicts each one's successor, so every window's first
// prediction is made from one character and its last from `length`.
struct WindowLoss {
  double mean = 0.0;                // -log p(next token), nats, over every prediction
  std::vector<double> by_position;  // the same at each position t of the windows, (length)
  int64_t predictions = 0;          // windows x length: tokens [1, predictions] are predicted
  // The mean over positions [begin, end) of the windows: e.g. only those past a trained context.
  double mean_over(int64_t begin, int64_t end) const;
};
// The loss of held-out text in the units that compare across tokenizers: the nats of every
// prediction summed, over the tokens predicted and over the characters (UTF-8 code points,
// lm_tokenizer.h) they decode to. Per character is per token x tokens / characters, and there
// is none when the tokens predicted begin no character (tiny or odd text: a few held-out bytes
// that continue a UTF-8 character begun before them).
struct TextLoss {
  double per_token = 0.0;
  std::optional<double> per_character;
  int64_t tokens = 0;
  int64_t characters = 0;
};
// `loss`, mean_loss's over `tokens`, whose ids `vocab` decodes.
TextLoss text_loss(const WindowLoss& loss, std::span<const int64_t> tokens,
                   const LmTokenizer& vocab);

// `batch` windows go through the model at a time, spread over `threads`. Throws
// std::invalid_argument unless tokens hold one window and its successor, and std::out_of_range if
// the model cannot read `length` characters at once (see GptModel::extend_positions).
WindowLoss mean_loss(const GptModel& model, std::span<const int64_t> tokens, int64_t length,
                     int64_t batch, int threads);
// As mean_loss, but each thread ends at its next batch once `stop` is set (a signal: on a large
// held-out text this takes long): nullopt then.
std::optional<WindowLoss> mean_loss_unless_stopped(const GptModel& model,
                                                   std::span<const int64_t> tokens, int64_t length,
                                                   int64_t batch, int threads,
                                                   const std::atomic<bool>& stop);

// The relative-position test, on a model's own attention scores: the text
// tokens[shift, shift + length) is read alone, at positions 0 .. length - 1, and after the
// `shift` characters before it, at positions shift .. shift + length - 1. Layer 1's score between
// two of its characters depends on the characters and on their positions only (nothing is mixed
// before the first attention), so if it depends only on their offset, the two readings give the
// same scores.
struct ShiftCheck {
  double max_change = 0.0;  // the largest |score moved - score alone| over heads and pairs
  double spread = 0.0;      // max - min of the scores read alone, for scale
};
// Throws std::invalid_argument unless shift + length <= tokens.size() and the model can read
// shift + length characters.
ShiftCheck relative_position_check(const GptModel& model, std::span<const int64_t> tokens,
                                   int64_t length, int64_t shift);

}  // namespace gv
