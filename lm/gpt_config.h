// GptConfig: the shape of a GptModel (lm/gpt.h), what a checkpoint must match, and
// the position schemes it may use.
#pragma once

#include <cstdint>

namespace gv {

enum class PositionKind : uint8_t { none, learned, sinusoidal, rope };
// "none", "learned", "sinusoidal", "rope"
const char* position_name(PositionKind kind);

struct GptConfig {
  // The longest sequence any position scheme encodes: --context's bound, in training and after.
  static constexpr int64_t kMaxContext = 65536;

  int64_t vocab = 0;  // V, characters or BPE tokens
  int64_t layers = 4;
  int64_t heads = 4;
  int64_t dim = 64;      // C
  int64_t context = 64;  // T: the longest sequence trained on, and the learned table's length
  PositionKind positions = PositionKind::rope;
  bool interleaved = false;  // RoPE pairs dims (2i, 2i + 1), not (i, i + D/2)

  int64_t head_dim() const { return dim / heads; }
  // Throws std::invalid_argument naming the option ("--heads must divide --dim (128), got 3")
  // for sizes outside what a model may have; bounds every size before anything is allocated.
  void check() const;
};

}  // namespace gv
