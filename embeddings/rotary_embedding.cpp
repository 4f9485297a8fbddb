#include "embeddings/rotary_embedding.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include "autograd/ops.h"
#include "autograd/require.h"
#include "embeddings/checks.h"
#include "embeddings/position_tables.h"

namespace gv {

RotaryEmbedding::RotaryEmbedding(int64_t max_len, int64_t dim, RotaryOptions options)
    : interleaved_(options.interleaved) {
  require_positive("RotaryEmbedding: max_len", max_len);
  require_positive("RotaryEmbedding: dim", dim);
  require_even_dim("RotaryEmbedding", dim);
  // Finite too: an infinite scale makes position 0's angle inf * 0 = NaN.
  require_finite_positive("RotaryEmbedding: base", options.base);
  require_finite_positive("RotaryEmbedding: position_scale", options.position_scale);
  cos_ = Tensor({max_len, dim});
  sin_ = Tensor({max_len, dim});
  const int64_t half = dim / 2;
  for (int64_t t = 0; t < max_len; ++t) {
    const double position = static_cast<double>(t) * options.position_scale;
    for (int64_t j = 0; j < dim; ++j) {
      const int64_t pair = interleaved_ ? j / 2 : j % half;
      const double angle = position * pair_frequency(pair, dim, options.base);
      cos_[t * dim + j] = static_cast<float>(std::cos(angle));
      sin_[t * dim + j] = static_cast<float>(std::sin(angle));
    }
  }
}

Var RotaryEmbedding::forward(const Var& x) const {
  if (x.shape().size() < 2 || x.size(-1) % dim() != 0) {
    throw std::invalid_argument("RotaryEmbedding: expected input (..., T, a multiple of " +
                                std::to_string(dim()) + "), got " + shape_str(x.shape()));
  }
  require_length("RotaryEmbedding", x.size(-2), max_len());
  return rotate_pairs(x, cos_, sin_, interleaved_);
}

}  // namespace gv
