// The transformer of gradvec lm: its gradients end to end, the causal mask, what positions change
// and what they cannot, in every --pos scheme.
#include <catch2/catch.hpp>

#include <cstdint>
#include <numeric>
#include <vector>

#include "autograd/gradcheck.h"
#include "autograd/ops.h"
#include "autograd/rng.h"
#include "lm/evaluation.h"
#include "lm/gpt.h"

using gv::GptConfig;
using gv::GptModel;
using gv::PositionKind;
using gv::Tensor;
using gv::Var;

namespace {

// A model small enough to gradcheck element by element: V 7, C 8, two heads of 4, context 6.
GptConfig tiny(PositionKind positions, bool interleaved = false, int64_t layers = 1) {
  GptConfig c;
  c.vocab = 7;
  c.layers = layers;
  c.heads = 2;
  c.dim = 8;
  c.context = 6;
  c.positions = positions;
  c.interleaved = interleaved;
  return c;
}

// Every scheme, RoPE in both conventions.
std::vector<GptConfig> every_scheme(int64_t layers = 1) {
  return {tiny(PositionKind::none, false, layers), tiny(PositionKind::learned, false, layers),
          tiny(PositionKind::sinusoidal, false, layers), tiny(PositionKind::rope, false, layers),
          tiny(PositionKind::rope, true, layers)};
}

std::string name_of(const GptConfig& c) {
  return std::string(gv::position_name(c.positions)) + (c.interleaved ? " interleaved" : "");
}

// Adds N(0, 0.3) to every parameter: far from the 0.02 start, every part of the graph carries
// signal, so a missing gradient or a position that should matter shows.
void liven(const GptModel& model, gv::Rng& rng) {
  for (Var p : model.parameters()) {
    for (int64_t i = 0; i < p.numel(); ++i) p.value()[i] += 0.3f * static_cast<float>(rng.normal());
  }
}

// The logits (T, V) of one sequence.
Tensor logits_of(const GptModel& model, const std::vector<int64_t>& ids) {
  return model.logits(model.weights(), ids, 1, static_cast<int64_t>(ids.size())).value();
}

}  // namespace

TEST_CASE(
    "The model's parameters are its named modules' in checkpoint order, shaped as "
    "parameter_shapes says, and its sizes are checked",
    "[lm][gpt]") {
  for (const GptConfig& config : every_scheme(2)) {
    INFO(name_of(config));
    gv::Rng rng(1);
    const GptModel model(config, rng);
    const gv::GptParameters& w = model.weights();
    const std::vector<Var> params = model.parameters();
    const std::vector<gv::Shape> shapes = gv::parameter_shapes(model.config());
    REQUIRE(params.size() == shapes.size());
    for (size_t i = 0; i < params.size(); ++i) CHECK(params[i].shape() == shapes[i]);
    // The tables (tokens, and learned positions), 16 per block, 4 at the end.
    const size_t tables = config.positions == PositionKind::learned ? 2 : 1;
    REQUIRE(params.size() == tables + 2 * 16 + 4);
    const auto at = [&](size_t i) { return params[i].node(); };
    CHECK(at(0) == w.input.tokens().weight().node());
    CHECK(w.input.tokens().weight().shape() == gv::Shape{7, 8});
    if (config.positions == PositionKind::learned) CHECK(at(1)->value.shape() == gv::Shape{6, 8});
    // Block 2's parameters start after block 1's 16: ln1, query, key, value, attn_proj, ln2,
    // fc, fc_proj, each gain or weight before its bias.
    const gv::GptBlock& second = w.blocks[1];
    CHECK(at(tables + 16) == second.ln1.gain.node());
    CHECK(at(tables + 16 + 4) == second.key.weight.node());
    CHECK(at(tables + 16 + 8) == second.attn_proj.weight.node());
    CHECK(at(tables + 16 + 15) == second.fc_proj.bias.node());
    CHECK(second.fc.weight.shape() == gv::Shape{8, 32});
    CHECK(at(params.size() - 4) == w.final_norm.gain.node());
    CHECK(at(params.size() - 1) == w.head.bias.node());
    CHECK(w.head.weight.shape() == gv::Shape{8, 7});
  }

  GptConfig bad = tiny(PositionKind::rope);
  bad.heads = 3;
  CHECK_THROWS_WITH(bad.check(), "--heads must be a positive divisor of --dim (8), got 3");
  bad.heads = 4;  // head dim 2: even, fine
  CHECK_NOTHROW(bad.check());
  bad.heads = 8;  // head dim 1: RoPE rotates pairs
  CHECK_THROWS_WITH(bad.check(), "--dim / --heads must be even for --pos rope, got 1");
  bad = tiny(PositionKind::learned, true);
  CHECK_THROWS_WITH(bad.check(), "--interleaved applies to --pos rope only, not learned");
  bad = tiny(PositionKind::none);
  bad.dim = 1 << 20;
  CHECK_THROWS_WITH(bad.check(), Catch::Contains("--dim must be in [1, 16384]"));
}

TEST_CASE("gradcheck: the whole model's loss, in every position scheme", "[lm][gpt][gradcheck]") {
  const std::vector<int64_t> ids = {1, 4, 2, 2, 6, 0, 3, 5, 1, 1};  // (2, 5)
  const std::vector<int64_t> targets = {4, 2, 2, 6, 0, 5, 1, 1, 3, 0};
  for (const GptConfig& config : every_scheme()) {
    INFO(name_of(config));
    gv::Rng rng(2);
    const GptModel model(config, rng);
    liven(model, rng);
    // gradcheck perturbs the parameters in place: the model reads them through weights().
    const gv::GradcheckResult result = gv::gradcheck(
        [&](const std::vector<Var>&) { return model.loss(model.weights(), ids, targets, 2, 5); },
        model.parameters());
    INFO("worst: " << result.worst << " (error " << result.worst_error << ")");
    CHECK(result.ok);
  }
}

TEST_CASE("Changing character t + 1 leaves the logits at 0..t unchanged", "[lm][gpt][causal]") {
  for (const GptConfig& config : every_scheme(2)) {
    INFO(name_of(config));
    gv::Rng rng(3);
    const GptModel model(config, rng);
    liven(model, rng);
    const std::vector<int64_t> ids = {3, 1, 4, 1, 5, 2};
    const Tensor before = logits_of(model, ids);
    for (int64_t t = 0; t + 1 < 6; ++t) {
      INFO("changed position " << t + 1);
      std::vector<int64_t> changed = ids;
      changed[static_cast<size_t>(t + 1)] = (changed[static_cast<size_t>(t + 1)] + 3) % 7;
      const Tensor after = logits_of(model, changed);
      for (int64_t i = 0; i < (t + 1) * 7; ++i) CHECK(after[i] == before[i]);
      bool changed_later = false;
      for (int64_t i = (t + 1) * 7; i < 6 * 7; ++i) changed_later |= after[i] != before[i];
      CHECK(changed_later);
    }
  }
}

TEST_CASE("Without positions one layer reads a bag; a second reads order through the mask",
          "[lm][gpt][positions]") {
  // "dog bites man" and "man bites dog" as ids: the same characters before the same last one.
  const std::vector<int64_t> dog_bites_man = {1, 2, 3, 0, 4, 5, 6};
  const std::vector<int64_t> man_bites_dog = {4, 5, 1, 3, 0, 2, 6};
  // The largest change in the prediction after the last character.
  const auto reorder_change = [&](GptConfig config) {
    config.context = 7;
    gv::Rng rng(4);
    const GptModel model(config, rng);
    liven(model, rng);
    const Tensor a = logits_of(model, dog_bites_man);
    const Tensor b = logits_of(model, man_bites_dog);
    double largest = 0.0;
    for (int64_t v = 0; v < 7; ++v) {
      largest = std::max(largest, double{std::fabs(a[6 * 7 + v] - b[6 * 7 + v])});
    }
    return largest;
  };
  for (const GptConfig& config : every_scheme(1)) {
    INFO(name_of(config));
    if (config.positions == PositionKind::none) {
      CHECK(reorder_change(config) < 1e-5);  // equal but for the order of float additions
    } else {
      CHECK(reorder_change(config) > 1e-2);
    }
  }
  // In layer 2 the keys are layer 1's outputs, and position t's output saw characters 0..t
  // only: which characters came first is written into them by the causal mask itself.
  CHECK(reorder_change(tiny(PositionKind::none, false, 2)) > 1e-2);
}

TEST_CASE("Learned positions end at the context; the fixed schemes extend by formula",
          "[lm][gpt][positions]") {
  for (const GptConfig& config : every_scheme()) {
    INFO(name_of(config));
    gv::Rng rng(5);
    GptModel model(config, rng);
    const std::vector<int64_t> twelve = {1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4, 5};
    if (config.positions == PositionKind::learned) {
      CHECK_THROWS_WITH(model.extend_positions(12),
                        "--context 12: learned positions end at the trained context 6; the model "
                        "cannot read 12 characters at once");
      CHECK_THROWS_AS(logits_of(model, twelve), std::out_of_range);
      continue;
    }
    model.extend_positions(12);
    CHECK(model.max_length() >= 12);
    const Tensor long_logits = logits_of(model, twelve);
    // The first six positions read as they did at the shorter length: extending changes no
    // position's encoding.
    const Tensor short_logits =
        logits_of(model, std::vector<int64_t>(twelve.begin(), twelve.begin() + 6));
    for (int64_t i = 0; i < 6 * 7; ++i)
      CHECK(long_logits[i] == Approx(short_logits[i]).margin(1e-5));
  }
}

TEST_CASE("Layer 1's scores depend on relative offsets only under RoPE (and with no positions)",
          "[lm][gpt][positions]") {
  std::vector<int64_t> text(24);
  for (size_t i = 0; i < text.size(); ++i) text[i] = static_cast<int64_t>((i * 5 + i / 3) % 7);
  for (const GptConfig& config : every_scheme()) {
    INFO(name_of(config));
    GptConfig wide = config;
    wide.context = 24;
    gv::Rng rng(6);
    const GptModel model(wide, rng);
    liven(model, rng);
    const gv::ShiftCheck check = gv::relative_position_check(model, text, 16, 8);
    CHECK(check.spread > 0.0);
    if (config.positions == PositionKind::rope || config.positions == PositionKind::none) {
      CHECK(check.max_change < 1e-5 * check.spread);
    } else {
      CHECK(check.max_change > 1e-2 * check.spread);
    }
  }
}
