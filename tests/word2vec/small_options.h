// small_options(): a training run small and exact enough for a test, shared by the trainer's
// tests and the fuzz seed generator (tests/fuzz/make_seeds.cpp). One thread, a fixed seed and no
// subsampling, so every run is the same bit for bit and every word of the corpus is trained;
// 16 dimensions (one cache line a row) are enough to separate the two topics of
// trainer_test.cpp's corpus.
#pragma once

#include "word2vec/train_options.h"

namespace gv::testing {

inline TrainOptions small_options() {
  TrainOptions o;
  o.dim = 16;
  o.window = 3;
  o.negatives = 3;
  o.min_count = 1;
  o.sample = 0.0;
  o.epochs = 3;
  o.threads = 1;
  o.seed = 7;
  o.batch = 4;
  return o;
}

}  // namespace gv::testing
