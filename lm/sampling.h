// Generating text from a trained character model, one character at a time.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "lm/gpt.h"

namespace gv {

struct SampleOptions {
  int64_t length = 500;  // characters to generate
  // Logits are divided by it: < 1 sharper, > 1 flatter; 0 is the limit, greedy decoding: always
  // the likeliest character (the lowest id among equal logits), whatever the seed.
  float temperature = 1.0f;
  int64_t top_k = 0;  // draw among the k likeliest characters only; 0: among all
  uint64_t seed = 1;
  // Throws std::invalid_argument naming the option for a value outside its range.
  void check() const;
};

// Continues `prompt` (ids, at least one) by options.length characters, each drawn from the
// model's prediction given the last `context` characters so far; calls emit(id) for each as soon
// as it is drawn.
void sample(const GptModel& model, std::vector<int64_t> prompt, const SampleOptions& options,
            const std::function<void(int64_t)>& emit);

}  // namespace gv
