#include "word2vec/losses/sgns/negative_sampler.h"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace gv {

NegativeSampler::NegativeSampler(std::span<const int64_t> counts, double power) {
  if (counts.empty()) throw std::invalid_argument("NegativeSampler: no words to sample from");
  if (counts.size() > std::numeric_limits<uint32_t>::max()) {
    throw std::invalid_argument("NegativeSampler: " + std::to_string(counts.size()) +
                                " words exceed the alias table's limit of 2^32 - 1");
  }
  if (!(power >= 0.0) || !std::isfinite(power)) {
    throw std::invalid_argument("NegativeSampler: power must be finite and >= 0, got " +
                                std::to_string(power));
  }
  const size_t size = counts.size();
  std::vector<double> scaled(size);  // P(id) * V: the mass of id in units of one column
  double total = 0.0;
  for (size_t id = 0; id < size; ++id) {
    if (counts[id] <= 0) {
      throw std::invalid_argument("NegativeSampler: count of id " + std::to_string(id) +
                                  " must be positive, got " + std::to_string(counts[id]));
    }
    scaled[id] = std::pow(static_cast<double>(counts[id]), power);
    total += scaled[id];
  }
  for (double& mass : scaled) mass *= static_cast<double>(size) / total;

  // Vose: pair each word with less than a column of mass with one that has more; the latter
  // tops the column up and continues with what it has left.
  std::vector<uint32_t> small, large;
  for (size_t id = 0; id < size; ++id) {
    (scaled[id] < 1.0 ? small : large).push_back(static_cast<uint32_t>(id));
  }
  columns_.resize(size);
  while (!small.empty() && !large.empty()) {
    const uint32_t underfull = small.back();
    small.pop_back();
    const uint32_t donor = large.back();
    const double threshold = std::ldexp(scaled[underfull], 32);  // < 2^32 since mass < 1
    columns_[underfull] = {static_cast<uint32_t>(std::llround(std::min(threshold, 4294967295.0))),
                           donor};
    scaled[donor] = (scaled[donor] + scaled[underfull]) - 1.0;  // Vose's stable update order
    if (scaled[donor] < 1.0) {
      large.pop_back();
      small.push_back(donor);
    }
  }
  // What remains holds one column of mass each, up to rounding: it fills its own column.
  for (const std::vector<uint32_t>* rest : {&small, &large}) {
    for (const uint32_t id : *rest) columns_[id] = {std::numeric_limits<uint32_t>::max(), id};
  }
}

int64_t NegativeSampler::other_than(int64_t excluded, Rng& rng) const {
  if (size() < 2) {
    throw std::logic_error("NegativeSampler: a table of " + std::to_string(size()) +
                           " words has no word other than " + std::to_string(excluded) +
                           " to draw");
  }
  const auto id = static_cast<int64_t>(rng.below(static_cast<uint64_t>(size() - 1)));
  return id >= excluded ? id + 1 : id;  // [0, V - 1) with `excluded` stepped over
}

double NegativeSampler::probability(int64_t id) const {
  double columns = 0.0;  // the share of one column that gives `id`, summed over the columns
  for (size_t c = 0; c < columns_.size(); ++c) {
    const double own = std::ldexp(static_cast<double>(columns_[c].threshold), -32);
    if (static_cast<int64_t>(c) == id) columns += columns_[c].alias == c ? 1.0 : own;
    if (columns_[c].alias == id && static_cast<int64_t>(c) != id) columns += 1.0 - own;
  }
  return columns / static_cast<double>(columns_.size());
}

}  // namespace gv
