#include "tools/vectors/tile_product.h"

#include <cstring>

namespace gv::tools {

void pack_panels_into(const float* rows, int64_t n, int64_t dim, int64_t width, float* out) {
  const int64_t panels = (n + width - 1) / width;
  for (int64_t p = 0; p < panels; ++p) {
    float* panel = out + p * dim * width;  // (dim, width)
    for (int64_t r = 0; r < width; ++r) {
      const int64_t row = p * width + r;
      for (int64_t d = 0; d < dim; ++d) panel[d * width + r] = row < n ? rows[row * dim + d] : 0.0f;
    }
  }
}

std::vector<float> pack_panels(const float* rows, int64_t n, int64_t dim, int64_t width) {
  std::vector<float> packed(static_cast<size_t>((n + width - 1) / width * dim * width));
  pack_panels_into(rows, n, dim, width, packed.data());
  return packed;
}

namespace {

// GCC's portable vector type, as wide as the target's registers: a 32-byte type on a target
// without AVX would be split through memory, so plain SSE gets 16-byte vectors.
#ifdef __AVX__
constexpr int64_t kLanes = 8;
#else
constexpr int64_t kLanes = 4;
#endif
using FloatV = float __attribute__((vector_size(kLanes * sizeof(float))));
constexpr int64_t kVectorsPerPanel = kVocabPanel / kLanes;
static_assert(kVocabPanel % kLanes == 0, "a vocabulary panel is a whole number of vectors");

// Unaligned load/store of one vector; memcpy of exactly one register compiles to one move.
inline FloatV load(const float* from) {
  FloatV v;
  std::memcpy(&v, from, sizeof v);
  return v;
}
inline void store(float* to, FloatV v) {
  std::memcpy(to, &v, sizeof v);
}

}  // namespace

void multiply_panels(const float* queries, const float* vocab, int64_t dim, float* tile) {
  // The kQueryPanel x kVectorsPerPanel accumulators stay in registers for the whole loop.
  FloatV acc[kQueryPanel][kVectorsPerPanel] = {};
  for (int64_t d = 0; d < dim; ++d) {
    FloatV v[kVectorsPerPanel];
    for (int64_t j = 0; j < kVectorsPerPanel; ++j)
      v[j] = load(vocab + d * kVocabPanel + j * kLanes);
    const float* q = queries + d * kQueryPanel;
    for (int64_t i = 0; i < kQueryPanel; ++i) {
      for (int64_t j = 0; j < kVectorsPerPanel; ++j) acc[i][j] += q[i] * v[j];  // broadcasts q[i]
    }
  }
  for (int64_t i = 0; i < kQueryPanel; ++i) {
    for (int64_t j = 0; j < kVectorsPerPanel; ++j)
      store(tile + i * kVocabPanel + j * kLanes, acc[i][j]);
  }
}

}  // namespace gv::tools
