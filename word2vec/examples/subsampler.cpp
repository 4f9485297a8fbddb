#include "word2vec/examples/subsampler.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace gv {

Subsampler::Subsampler(std::span<const int64_t> counts, double threshold) {
  if (!(threshold >= 0.0) || !std::isfinite(threshold)) {
    throw std::invalid_argument("Subsampler: threshold must be finite and >= 0, got " +
                                std::to_string(threshold));
  }
  double total = 0.0;
  for (size_t id = 0; id < counts.size(); ++id) {
    if (counts[id] <= 0) {
      throw std::invalid_argument("Subsampler: count of id " + std::to_string(id) +
                                  " must be positive, got " + std::to_string(counts[id]));
    }
    total += static_cast<double>(counts[id]);
  }
  const double scaled_threshold = threshold * total;  // t N
  keep_probability_.reserve(counts.size());
  for (const int64_t count : counts) {
    const double f = static_cast<double>(count);
    const double p =
        threshold == 0.0 ? 1.0 : (std::sqrt(f / scaled_threshold) + 1.0) * scaled_threshold / f;
    keep_probability_.push_back(static_cast<float>(std::min(p, 1.0)));
  }
}

void Subsampler::filter(std::vector<int64_t>& ids, Rng& rng) const {
  size_t kept = 0;
  for (size_t i = 0; i < ids.size(); ++i) {
    // One draw per word, in sentence order. The word is written whether kept or not and counted
    // only if kept: the draw is a coin flip, which a branch would often mispredict.
    const int64_t id = ids[i];
    ids[kept] = id;
    kept += keep(id, rng) ? 1 : 0;
  }
  ids.resize(kept);
}

}  // namespace gv
