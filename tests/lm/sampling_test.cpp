// Sampling and evaluating a trained model: seeds repeat, top-k 1 is the greedy choice, the
// validation loss is the mean over every window, and the vocabulary maps text both ways.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <vector>

#include "autograd/ops.h"
#include "lm/evaluation.h"
#include "lm/lm_trainer.h"
#include "lm/sampling.h"
#include "tests/lm/lm_support.h"
#include "text/byte_alphabet.h"

using gv::GptModel;
using gv::SampleOptions;
using gv::Tensor;
using gv::Var;

namespace {

// A briefly trained model, so its predictions are not uniform.
gv::LmTrainer trained(const gv::testing::ScratchDir& dir) {
  gv::LmTrainer trainer(gv::testing::shakespeare_excerpt(dir), gv::testing::small_config(),
                        gv::testing::small_run());
  const std::atomic<bool> no_stop{false};
  trainer.train({}, no_stop);
  return trainer;
}

std::vector<int64_t> draw(const GptModel& model, std::vector<int64_t> prompt,
                          const SampleOptions& options) {
  std::vector<int64_t> out;
  gv::sample(model, std::move(prompt), options, [&](int64_t id) { out.push_back(id); });
  return out;
}

}  // namespace

TEST_CASE("Sampling repeats with its seed, and top-k 1 always takes the likeliest character",
          "[lm][sampling]") {
  gv::testing::ScratchDir dir("lm_sample");
  const gv::LmTrainer trainer = trained(dir);
  const GptModel& model = trainer.model();
  SampleOptions options;
  options.length = 30;  // past the context of 12, so the window slides
  const std::vector<int64_t> a = draw(model, {0}, options);
  CHECK(a.size() == 30);
  CHECK(draw(model, {0}, options) == a);
  options.seed = 2;
  CHECK(draw(model, {0}, options) != a);

  options.top_k = 1;
  const std::vector<int64_t> greedy = draw(model, {0, 5}, options);
  std::vector<int64_t> text = {0, 5};
  const gv::GptParameters& params = model.weights();
  for (const int64_t id : greedy) {
    const int64_t length = std::min<int64_t>(12, static_cast<int64_t>(text.size()));
    const Tensor logits =
        model.logits(params, std::span(text).last(static_cast<size_t>(length)), 1, length).value();
    const int64_t vocab = model.config().vocab;
    const float* last = logits.data() + (length - 1) * vocab;
    CHECK(id == std::max_element(last, last + vocab) - last);
    text.push_back(id);
  }

  // Temperature 0 is greedy: the argmax continuation checked above, for any seed and top-k.
  options.temperature = 0.0f;
  for (const int64_t top_k : {0, 1, 3}) {
    options.top_k = top_k;
    options.seed = 7 + static_cast<uint64_t>(top_k);
    CHECK(draw(model, {0, 5}, options) == greedy);
  }
  options.temperature = -1.0f;
  CHECK_THROWS_WITH(draw(model, {0}, options), "--temperature must be finite and >= 0, got -1");
  options.temperature = 1.0f;
  CHECK_THROWS_WITH(draw(model, {}, options), Catch::Contains("the prompt needs a character"));
}

TEST_CASE("mean_loss is the mean over every window's predictions, with any batch and threads",
          "[lm][evaluation]") {
  gv::testing::ScratchDir dir("lm_eval");
  const gv::LmTrainer trainer = trained(dir);
  const GptModel& model = trainer.model();
  const std::vector<int64_t>& text = trainer.corpus().validation;  // 600 characters
  const int64_t length = 12, windows = (600 - 1) / length;
  double total = 0.0;
  const gv::GptParameters& params = model.weights();
  for (int64_t w = 0; w < windows; ++w) {
    const auto ids = std::span(text).subspan(static_cast<size_t>(w * length), length);
    const auto targets = std::span(text).subspan(static_cast<size_t>(w * length + 1), length);
    total += model.loss(params, ids, targets, 1, length).item() * length;
  }
  const double expected = total / double(windows * length);
  const gv::WindowLoss one = gv::mean_loss(model, text, length, 1, 1);
  CHECK(one.mean == Approx(expected).epsilon(1e-5));
  const gv::WindowLoss spread = gv::mean_loss(model, text, length, 7, 2);
  CHECK(spread.mean == Approx(expected).epsilon(1e-5));
  // By position: the first prediction of a window is made from one character, so it is the
  // hardest; the positions' means average to the mean.
  REQUIRE(spread.by_position.size() == 12);
  CHECK(spread.by_position[0] > spread.mean_over(6, 12));
  CHECK(spread.mean_over(0, 12) == Approx(spread.mean).epsilon(1e-12));
  for (size_t t = 0; t < 12; ++t) {
    CHECK(spread.by_position[t] == Approx(one.by_position[t]).epsilon(1e-5));
  }
  CHECK_THROWS_WITH(gv::mean_loss(model, std::span(text).first(12), length, 1, 1),
                    Catch::Contains("hold no window of 12"));
}

TEST_CASE("ByteAlphabet maps each distinct byte to its rank, and names strangers",
          "[lm][vocabulary]") {
  const gv::ByteAlphabet vocab = gv::ByteAlphabet::of_text("hello, world\n");
  CHECK(vocab.symbols() == "\n ,dehlorw");
  const std::vector<int64_t> ids = vocab.encode("low\n", "text");
  CHECK(ids == std::vector<int64_t>{6, 7, 9, 0});
  CHECK(vocab.decode(ids) == "low\n");
  CHECK_THROWS_WITH(vocab.encode("lox", "--prompt"),
                    "--prompt: 'x' at offset 2 is not one of the model's 10 characters");
  CHECK_THROWS_WITH(vocab.encode("l\xc3\xa9", "--prompt"),
                    "--prompt: byte 0xc3 at offset 1 is not one of the model's 10 characters");
  CHECK_THROWS_WITH(gv::ByteAlphabet::from_symbols("ba"),
                    Catch::Contains("not distinct bytes in ascending order at symbol 1"));
  CHECK_THROWS_AS(gv::ByteAlphabet::of_text(""), std::invalid_argument);
}
