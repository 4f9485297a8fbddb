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
  if (x.shape().size() < 2 || x.size(-1) != dim()) {
    throw std::invalid_argument("RotaryEmbedding: expected input (..., T, " +
                                std::to_string(dim()) + "), got " + shape_str(x.shape()));
  }
  const int64_t length = x.size(-2);
  require_length("RotaryEmbedding", length, max_len());
  // (T, C) tables broadcast over any leading batch dims of x.
  const Var cos = Var::constant(leading_rows(cos_, length));
  const Var sin = Var::constant(leading_rows(sin_, length));
  return x * cos + rotate_pairs(x) * sin;
}

Var RotaryEmbedding::rotate_pairs(const Var& x) const {
  if (!interleaved_) {
    // [x1, x2] -> [-x2, x1], halves of C/2 each
    const int64_t half = dim() / 2;
    return concat({neg(slice(x, half, dim())), slice(x, 0, half)});
  }
  // (..., C) seen as (..., C/2, 2): each (a, b) -> (-b, a)
  Shape pairs = x.shape();
  pairs.back() = dim() / 2;
  pairs.push_back(2);
  const Var p = reshape(x, pairs);
  return reshape(concat({neg(slice(p, 1, 2)), slice(p, 0, 1)}), x.shape());
}

}  // namespace gv
