#include "lm/gpt_config.h"

#include <stdexcept>
#include <string>

#include "autograd/require.h"
#include "text/bpe/bpe_tokens.h"

namespace gv {

namespace {

// Bounds on the sizes of a model: generous for a CPU, and small enough that no product of them
// overflows before the memory check sees it.
constexpr int64_t kMaxVocab = bpe::kMaxVocabSize;  // a BPE file's largest
constexpr int64_t kMaxLayers = 256;
constexpr int64_t kMaxDim = 16384;

}  // namespace

const char* position_name(PositionKind kind) {
  switch (kind) {
    case PositionKind::none:
      return "none";
    case PositionKind::learned:
      return "learned";
    case PositionKind::sinusoidal:
      return "sinusoidal";
    case PositionKind::rope:
      return "rope";
  }
  return "?";
}

void GptConfig::check() const {
  require(vocab >= 1 && vocab <= kMaxVocab, "vocabulary size",
          "in [1, " + std::to_string(kMaxVocab) + "]", vocab);
  require(layers >= 1 && layers <= kMaxLayers, "--layers", "in [1, 256]", layers);
  require(dim >= 1 && dim <= kMaxDim, "--dim", "in [1, 16384]", dim);
  require(heads >= 1 && dim % heads == 0, "--heads",
          "a positive divisor of --dim (" + std::to_string(dim) + ")", heads);
  require(context >= 1 && context <= kMaxContext, "--context", "in [1, 65536]", context);
  // sin/cos and rotations work on pairs of dims: of x for sinusoidal, of each head for RoPE.
  if (positions == PositionKind::sinusoidal) {
    require(dim % 2 == 0, "--dim", "even for --pos sinusoidal", dim);
  }
  if (positions == PositionKind::rope) {
    require(head_dim() % 2 == 0, "--dim / --heads", "even for --pos rope", head_dim());
  }
  if (interleaved && positions != PositionKind::rope) {
    throw std::invalid_argument(std::string("--interleaved applies to --pos rope only, not ") +
                                position_name(positions));
  }
}

}  // namespace gv
