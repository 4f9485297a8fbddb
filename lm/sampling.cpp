#include "lm/sampling.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <span>
#include <stdexcept>

#include "autograd/require.h"
#include "autograd/rng.h"

namespace gv {

void SampleOptions::check() const {
  require_non_negative("--length", length);
  require(temperature >= 0 && std::isfinite(temperature), "--temperature", "finite and >= 0",
          temperature);
  require_non_negative("--top-k", top_k);
}

namespace {

// An id drawn from softmax(logits / temperature) restricted to the top_k largest logits; the
// likeliest at temperature 0, the limit of that softmax.
int64_t draw(std::span<const float> logits, const SampleOptions& options, Rng& rng,
             std::vector<int64_t>& order, std::vector<double>& weights) {
  const int64_t vocab = static_cast<int64_t>(logits.size());
  const int64_t k = options.top_k > 0 ? std::min(options.top_k, vocab) : vocab;
  order.resize(static_cast<size_t>(vocab));
  std::iota(order.begin(), order.end(), int64_t{0});
  // Likeliest first; equal logits in id order, so a draw does not depend on the sort.
  std::partial_sort(order.begin(), order.begin() + k, order.end(), [&](int64_t a, int64_t b) {
    return logits[a] > logits[b] || (logits[a] == logits[b] && a < b);
  });
  if (options.temperature == 0) return order[0];
  weights.resize(static_cast<size_t>(k));
  const double top = logits[order[0]];
  double total = 0.0;
  for (int64_t i = 0; i < k; ++i) {
    weights[i] = std::exp((logits[order[i]] - top) / double{options.temperature});
    total += weights[i];
  }
  double u = rng.uniform_double() * total;
  for (int64_t i = 0; i < k; ++i) {
    u -= weights[i];
    if (u < 0.0) return order[i];
  }
  return order[k - 1];  // u landed on the rounding error of the total
}

}  // namespace

void sample(const GptModel& model, std::vector<int64_t> prompt, const SampleOptions& options,
            const std::function<void(int64_t)>& emit) {
  options.check();
  if (prompt.empty()) throw std::invalid_argument("sample: the prompt needs a character");
  const NoGradGuard no_grad;
  const int64_t context = model.config().context, vocab = model.config().vocab;
  Rng rng(options.seed);
  std::vector<int64_t> order;
  std::vector<double> weights;
  std::vector<int64_t>& ids = prompt;
  for (int64_t n = 0; n < options.length; ++n) {
    const int64_t length = std::min<int64_t>(context, static_cast<int64_t>(ids.size()));
    const auto window = std::span(ids).last(static_cast<size_t>(length));
    const Tensor logits = model.logits(model.weights(), window, 1, length).value();  // (T, V)
    const int64_t id =
        draw(std::span(logits.data() + (length - 1) * vocab, static_cast<size_t>(vocab)), options,
             rng, order, weights);
    ids.push_back(id);
    emit(id);
  }
}

}  // namespace gv
