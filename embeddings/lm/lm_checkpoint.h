// Language-model checkpoints: a trained model with everything needed to sample from it, or to
// continue training it exactly.
//
// A tensor file (autograd/tensor_io.h) of magic "GVLMCKPT", version 2 or 3, holding
//   vocabulary   version 2, a model over characters: string, the symbols, distinct bytes in
//                ascending order;
//                version 3, a model over BPE tokens: count M, then M merges, each int32 left,
//                int32 right (embeddings/bpe/bpe_vocabulary.h: merge k makes token 256 + k),
//                so that the model samples and evaluates without its tokenizer's file
//   model        int64 layers, heads, dim, context; uint8 positions, uint8 interleaved
//   options      int64 batch, steps, warmup; float lr, min_lr_ratio, weight_decay; uint64 seed;
//                int64 threads
//   progress     int64 corpus bytes, uint64 corpus hash (autograd/io/fingerprint.h), int64 step,
//                double seconds; the window sampler's random
//                state: 4 x uint64, double cached normal, uint8 has cached normal
//   parameters   count n, n shapes, then the floats of each (GptParameters::parameters() order:
//                embeddings/lm/gpt_parameters.h)
//   optimizers   count g, per optimizer: count, tensors; count, int64 counters
//
// Version 1 lacked the corpus hash, and is refused by number. A model over characters is still
// written as version 2, which holds all it needs, so that a gradvec from before version 3
// reads it too.
//
// Reading checks the model's sizes against their bounds and the parameters' total size against
// the file's before the model is allocated, each shape against the model's, and every count
// against the bytes left, so a damaged or foreign file fails with one error naming it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "autograd/io/fingerprint.h"
#include "autograd/optim.h"
#include "autograd/rng.h"
#include "embeddings/lm/gpt.h"
#include "embeddings/lm/lm_trainer.h"
#include "embeddings/lm/lm_vocabulary.h"

namespace gv {

// How the model was trained and where training stands.
struct LmTrainingState {
  LmTrainOptions options;
  CorpusFingerprint corpus;
  int64_t step = 0;
  double seconds = 0.0;
  Rng::State rng{};
  std::vector<Optimizer::State> optimizers;
};

struct LmCheckpoint {
  LmVocabulary vocab;
  std::unique_ptr<GptModel> model;
  LmTrainingState training;
};

// Atomically. Throws std::runtime_error naming the path if it cannot be written.
void write_lm_checkpoint(const std::string& path, const LmVocabulary& vocab, const GptModel& model,
                         const LmTrainingState& training);
// Throws std::runtime_error naming the path if it cannot be read or is not such a checkpoint.
LmCheckpoint read_lm_checkpoint(const std::string& path);
// Whether `bytes`, a file's first, start as such a checkpoint does (its magic, any version).
bool has_lm_checkpoint_magic(std::string_view bytes);

}  // namespace gv
