#include "lm/evaluation.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "autograd/machine.h"

namespace gv {

namespace {

// -log softmax(logits)[target] of one row of V logits, in double.
double row_loss(const float* logits, int64_t vocab, int64_t target) {
  const float top = *std::max_element(logits, logits + vocab);
  double sum = 0.0;
  for (int64_t v = 0; v < vocab; ++v) sum += std::exp(double{logits[v]} - top);
  return std::log(sum) + top - logits[target];
}

}  // namespace

WindowLoss mean_loss(const GptModel& model, std::span<const int64_t> tokens, int64_t length,
                     int64_t batch, int threads) {
  static const std::atomic<bool> never{false};
  return *mean_loss_unless_stopped(model, tokens, length, batch, threads, never);
}

std::optional<WindowLoss> mean_loss_unless_stopped(const GptModel& model,
                                                   std::span<const int64_t> tokens, int64_t length,
                                                   int64_t batch, int threads,
                                                   const std::atomic<bool>& stop) {
  const int64_t size = static_cast<int64_t>(tokens.size());
  if (length < 1 || batch < 1 || size < length + 1) {
    throw std::invalid_argument("mean_loss: " + std::to_string(size) +
                                " characters hold no window of " + std::to_string(length) +
                                " and its successor");
  }
  if (length > model.max_length()) {
    throw std::out_of_range("mean_loss: the model reads at most " +
                            std::to_string(model.max_length()) + " characters, not " +
                            std::to_string(length));
  }
  keep_freed_memory();
  const int64_t windows = (size - 1) / length;
  const int64_t batches = (windows + batch - 1) / batch;
  const int64_t vocab = model.config().vocab;
  // Per thread, the summed loss at each position of the windows.
  std::vector<std::vector<double>> sums(static_cast<size_t>(threads),
                                        std::vector<double>(static_cast<size_t>(length), 0.0));
  run_on_threads(threads, [&](int thread) {
    const NoGradGuard no_grad;
    std::vector<double>& sum = sums[static_cast<size_t>(thread)];
    for (int64_t b = thread; b < batches && !stop.load(); b += threads) {
      const int64_t first = b * batch, count = std::min(windows, first + batch) - first;
      const auto ids =
          tokens.subspan(static_cast<size_t>(first * length), static_cast<size_t>(count * length));
      const Tensor logits =
          model.logits(model.weights(), ids, count, length).value();  // (count T, V)
      for (int64_t row = 0; row < count * length; ++row) {
        const int64_t target = tokens[static_cast<size_t>(first * length + row + 1)];
        sum[static_cast<size_t>(row % length)] +=
            row_loss(logits.data() + row * vocab, vocab, target);
      }
    }
  });
  if (stop.load()) return std::nullopt;
  WindowLoss loss;
  loss.by_position.assign(static_cast<size_t>(length), 0.0);
  for (const std::vector<double>& sum : sums) {
    for (size_t t = 0; t < sum.size(); ++t) loss.by_position[t] += sum[t];
  }
  for (double& at : loss.by_position) at /= static_cast<double>(windows);
  loss.mean = std::accumulate(loss.by_position.begin(), loss.by_position.end(), 0.0) /
              static_cast<double>(length);
  loss.predictions = windows * length;
  return loss;
}

TextLoss text_loss(const WindowLoss& loss, std::span<const int64_t> tokens,
                   const LmTokenizer& vocab) {
  TextLoss text;
  text.per_token = loss.mean;
  text.tokens = loss.predictions;
  text.characters = vocab.characters_in(tokens.subspan(1, static_cast<size_t>(loss.predictions)));
  const double nats = loss.mean * static_cast<double>(loss.predictions);
  if (text.characters > 0) text.per_character = nats / static_cast<double>(text.characters);
  return text;
}

double WindowLoss::mean_over(int64_t begin, int64_t end) const {
  return std::accumulate(by_position.begin() + begin, by_position.begin() + end, 0.0) /
         static_cast<double>(end - begin);
}

ShiftCheck relative_position_check(const GptModel& model, std::span<const int64_t> tokens,
                                   int64_t length, int64_t shift) {
  if (length < 1 || shift < 0 || static_cast<int64_t>(tokens.size()) < shift + length ||
      shift + length > model.max_length()) {
    throw std::invalid_argument("relative_position_check: cannot move " + std::to_string(length) +
                                " of " + std::to_string(tokens.size()) + " characters by " +
                                std::to_string(shift) + " positions in a model that reads " +
                                std::to_string(model.max_length()));
  }
  const auto text = tokens.subspan(static_cast<size_t>(shift), static_cast<size_t>(length));
  const auto moved = tokens.first(static_cast<size_t>(shift + length));
  const Tensor alone = model.first_layer_scores(text);   // (H, L, L)
  const Tensor after = model.first_layer_scores(moved);  // (H, L + S, L + S)
  const int64_t heads = alone.size(0), wide = shift + length;
  ShiftCheck check;
  float low = alone[0], high = alone[0];
  for (int64_t h = 0; h < heads; ++h) {
    for (int64_t m = 0; m < length; ++m) {
      for (int64_t n = 0; n <= m; ++n) {  // keys a query may see
        const float score = alone[(h * length + m) * length + n];
        const float shifted = after[(h * wide + shift + m) * wide + shift + n];
        check.max_change = std::max(check.max_change, double{std::fabs(shifted - score)});
        low = std::min(low, score);
        high = std::max(high, score);
      }
    }
  }
  check.spread = double{high} - low;
  return check;
}

}  // namespace gv
