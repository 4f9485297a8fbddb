#include "embeddings/sinusoidal_positional_embedding.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include "autograd/require.h"
#include "embeddings/checks.h"
#include "embeddings/position_tables.h"

namespace gv {

namespace {

constexpr double kBase = 10000.0;

// out (C) = PE[position]; sin and cos are taken in double and only the result is rounded.
void encode_into(int64_t position, int64_t dim, float* out) {
  for (int64_t k = 0; k < dim / 2; ++k) {
    const double angle = static_cast<double>(position) * pair_frequency(k, dim, kBase);
    out[2 * k] = static_cast<float>(std::sin(angle));
    out[2 * k + 1] = static_cast<float>(std::cos(angle));
  }
}

}  // namespace

SinusoidalPositionalEmbedding::SinusoidalPositionalEmbedding(int64_t max_len, int64_t dim) {
  require_positive("SinusoidalPositionalEmbedding: max_len", max_len);
  require_positive("SinusoidalPositionalEmbedding: dim", dim);
  require_even_dim("SinusoidalPositionalEmbedding", dim);
  table_ = Tensor({max_len, dim});
  for (int64_t p = 0; p < max_len; ++p) encode_into(p, dim, table_.data() + p * dim);
}

Var SinusoidalPositionalEmbedding::forward(int64_t length) const {
  require_length("SinusoidalPositionalEmbedding", length, max_len());
  return Var::constant(leading_rows(table_, length));
}

Tensor SinusoidalPositionalEmbedding::encode(int64_t position) const {
  if (position < 0) {
    throw std::out_of_range("SinusoidalPositionalEmbedding: position " + std::to_string(position) +
                            " is negative");
  }
  Tensor out({dim()});
  encode_into(position, dim(), out.data());
  return out;
}

}  // namespace gv
