// Language-model checkpoints (lm/lm_checkpoint.cpp): read_lm_checkpoint, then a few
// tokens (characters or BPE tokens) sampled from the model it holds and decoded, as `gradvec lm
// sample --lm` does, which runs every parameter the file gave through a forward pass.
#include <span>
#include <vector>

#include "lm/lm_checkpoint.h"
#include "lm/sampling.h"
#include "tests/fuzz/fuzz_support.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static gv::fuzz::InputFile file("lm_checkpoint");
  const std::string& path = file.hold(data, size);
  try {
    const gv::LmCheckpoint checkpoint = gv::read_lm_checkpoint(path);
    const int64_t symbols = checkpoint.vocab.size();
    if (checkpoint.model->config().vocab != symbols) {
      gv::fuzz::finding("a model whose vocabulary is not the checkpoint's symbols");
    }
    gv::SampleOptions options;
    options.length = 4;
    options.seed = 1;
    gv::sample(*checkpoint.model, {0}, options, [&](int64_t id) {
      if (id < 0 || id >= symbols) gv::fuzz::finding("sampled a symbol outside the vocabulary");
      checkpoint.vocab.decode(std::span(&id, 1));  // as lm sample prints it
    });
  } catch (const std::runtime_error& e) {
    gv::fuzz::check_error(e, path);
  }
  return 0;
}
