// A blocked matrix product S = Q V^T for many queries against a whole vocabulary.
//
// Scoring 20,000 analogy questions against 30,000 x 300 vectors is 1.8e11 multiply-adds;
// a loop of dot products runs at a fraction of the machine's speed because every product
// re-reads both operands from memory. Instead both sides are packed into "panels" stored
// dimension-major — panel[d][r] is row r's value in dimension d — and one small kernel
// multiplies a panel of kQueryPanel queries by a panel of kVocabPanel vocabulary rows, keeping
// the (kQueryPanel, kVocabPanel) block of results in registers for the whole dimension loop:
// per dimension it loads kVocabPanel vocabulary values once and reuses them for every query.
// A vocabulary panel (dim, 16) of 300 floats fits in L1 and is reused by every query panel
// of a block.
#pragma once

#include <cstdint>
#include <vector>

namespace gv::tools {

constexpr int64_t kQueryPanel = 6;   // queries per kernel call
constexpr int64_t kVocabPanel = 16;  // vocabulary rows per kernel call (two AVX registers)

// rows (n, dim) -> ceil(n / width) panels of (dim, width), the last one padded with zeros.
std::vector<float> pack_panels(const float* rows, int64_t n, int64_t dim, int64_t width);
// The same into a caller's buffer of ceil(n / width) * dim * width floats.
void pack_panels_into(const float* rows, int64_t n, int64_t dim, int64_t width, float* out);

// tile (kQueryPanel, kVocabPanel), tile[i][j] = sum_d queries[d][i] * vocab[d][j];
// queries: (dim, kQueryPanel) panel, vocab: (dim, kVocabPanel) panel.
void multiply_panels(const float* queries, const float* vocab, int64_t dim, float* tile);

}  // namespace gv::tools
