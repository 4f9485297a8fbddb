// What the language-model tests share: a short piece of TinyShakespeare on disk, and a model and
// run small enough to train in milliseconds.
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "lm/gpt.h"
#include "lm/lm_trainer.h"
#include "tests/scratch_dir.h"

namespace gv::testing {

// What train() watches when nothing stops it.
inline const std::atomic<bool> kNoStop{false};

// The first `bytes` characters of the shipped corpus, as a file in `dir`.
inline std::string shakespeare_excerpt(const ScratchDir& dir, size_t bytes = 6000) {
  const std::string text = read_file(std::string(GRADVEC_SOURCE_DIR) + "/data/tinyshakespeare.txt");
  return dir.write("excerpt.txt", text.substr(0, bytes));
}

inline GptConfig small_config(PositionKind positions = PositionKind::rope) {
  GptConfig c;
  c.layers = 2;
  c.heads = 2;
  c.dim = 16;
  c.context = 12;
  c.positions = positions;
  return c;
}

// Every parameter's values, concatenated.
inline std::vector<float> values_of(const LmTrainer& trainer) {
  std::vector<float> all;
  for (const Var& p : trainer.model().parameters()) {
    all.insert(all.end(), p.value().data(), p.value().data() + p.numel());
  }
  return all;
}

inline LmTrainOptions small_run(int threads = 1) {
  LmTrainOptions o;
  o.batch = 6;
  o.steps = 8;
  o.warmup = 2;
  o.lr = 1e-2f;
  o.threads = threads;
  return o;
}

}  // namespace gv::testing
