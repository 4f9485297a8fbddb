// Language-model checkpoints: a trained model with everything needed to sample from it, or to
// continue training it exactly.
//
// A tensor file (autograd/tensor_io.h) of magic "GVLMCKPT", version 4 (2 and 3 are read), holding
//   vocabulary   uint8 kind (version 4 only; version 2 holds characters, version 3 BPE tokens),
//                then for a model over characters (0): string, the symbols, distinct bytes in
//                ascending order; for one over BPE tokens (1): count M, then M merges, each
//                int32 left, int32 right (text/bpe/bpe_tokens.h: merge k makes token
//                256 + k), so that the model samples and evaluates without its tokenizer's file
//   model        int64 layers, heads, dim, context; uint8 positions, uint8 interleaved
//   options      int64 batch, steps, warmup; float lr, min_lr_ratio, weight_decay; uint64 seed;
//                int64 threads
//   progress     int64 corpus bytes, uint64 corpus hash (io/fingerprint.h), int64 step,
//                double seconds; the window sampler's random
//                state: 4 x uint64, double cached normal, uint8 has cached normal
//   parameters   count n, n shapes, then the floats of each (GptParameters::parameters() order:
//                lm/gpt_parameters.h)
//   optimizers   count g, per optimizer: count, tensors; count, int64 counters
//   corpus       version 4 only: string, what messages call the corpus; count n, then n strings,
//                the absolute paths of the files trained on, in order, which lm eval reads by
//                default (versions 2 and 3 name none: lm eval then needs --corpus)
//
// Version 1 lacked the corpus hash, and is refused by number. Every model is written as version
// 4, which a gradvec from before it refuses by number.
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

#include "autograd/optim.h"
#include "autograd/rng.h"
#include "io/fingerprint.h"
#include "lm/gpt.h"
#include "lm/lm_tokenizer.h"
#include "lm/lm_trainer.h"

namespace gv {

// How the model was trained and where training stands.
struct LmTrainingState {
  LmTrainOptions options;
  CorpusFingerprint corpus;
  LmCorpusFiles corpus_files;  // no paths: a checkpoint from before version 4
  int64_t step = 0;
  double seconds = 0.0;
  Rng::State rng{};
  std::vector<Optimizer::State> optimizers;
};

struct LmCheckpoint {
  LmTokenizer vocab;
  std::unique_ptr<GptModel> model;
  LmTrainingState training;
};

// Atomically. Throws std::runtime_error naming the path if it cannot be written.
void write_lm_checkpoint(const std::string& path, const LmTokenizer& vocab, const GptModel& model,
                         const LmTrainingState& training);
// Throws std::runtime_error naming the path if it cannot be read or is not such a checkpoint.
LmCheckpoint read_lm_checkpoint(const std::string& path);
// The files `checkpoint` (read from `path`) was trained on, for lm eval to read by default.
// Throws std::runtime_error naming `path`, and --corpus as the way on, if it names none (written
// before version 4) or one of them is gone.
std::vector<std::string> trained_corpus(const LmCheckpoint& checkpoint, const std::string& path);
// Whether `bytes`, a file's first, start as such a checkpoint does (its magic, any version).
bool has_lm_checkpoint_magic(std::string_view bytes);

}  // namespace gv
