#include "tools/vectors/spelling.h"

#include <algorithm>
#include <cstdlib>

#include "tools/vectors/case_variants.h"

namespace gv::tools {
namespace {

// The banded dynamic programme behind bounded_edit_distance; the two row buffers are the
// caller's so a scan over a vocabulary allocates once.
int banded_distance(std::string_view a, std::string_view b, int bound, std::vector<int>& previous,
                    std::vector<int>& current) {
  const int64_t n = static_cast<int64_t>(a.size()), m = static_cast<int64_t>(b.size());
  const int too_far = bound + 1;
  if (std::llabs(n - m) > bound) return too_far;
  // previous[j], current[j]: distance between a[0, i) and b[0, j); cells outside the band
  // |i - j| <= bound stay "too far", which can never lead back under the bound.
  previous.assign(static_cast<size_t>(m + 1), too_far);
  current.assign(static_cast<size_t>(m + 1), too_far);
  for (int64_t j = 0; j <= std::min<int64_t>(m, bound); ++j) previous[j] = static_cast<int>(j);
  for (int64_t i = 1; i <= n; ++i) {
    const int64_t low = std::max<int64_t>(1, i - bound), high = std::min<int64_t>(m, i + bound);
    if (low > 1) current[low - 1] = too_far;  // the band's left neighbour, set two rows ago
    current[0] = i <= bound ? static_cast<int>(i) : too_far;
    int row_min = current[0];
    for (int64_t j = low; j <= high; ++j) {
      const int substitute =
          previous[j - 1] + (fold_ascii_case(a[i - 1]) == fold_ascii_case(b[j - 1]) ? 0 : 1);
      const int cell = std::min({substitute, previous[j] + 1, current[j - 1] + 1, too_far});
      current[j] = cell;
      row_min = std::min(row_min, cell);
    }
    if (high < m) current[high + 1] = too_far;  // read as previous[j] by the next row
    if (row_min > bound) return too_far;
    previous.swap(current);
  }
  return previous[m];
}

}  // namespace

int bounded_edit_distance(std::string_view a, std::string_view b, int bound) {
  std::vector<int> previous, current;
  return banded_distance(a, b, std::max(0, bound), previous, current);
}

std::vector<std::string> closest_spellings(const std::vector<std::string>& vocabulary,
                                           std::string_view word, int max_suggestions,
                                           int max_distance) {
  struct Candidate {
    int distance;
    size_t index;
  };
  max_distance = std::max(0, max_distance);
  std::vector<Candidate> candidates;
  std::vector<int> previous, current;
  for (size_t i = 0; i < vocabulary.size(); ++i) {
    const int distance = banded_distance(word, vocabulary[i], max_distance, previous, current);
    if (distance <= max_distance) candidates.push_back({distance, i});
  }
  const size_t keep =
      std::min(candidates.size(), static_cast<size_t>(std::max(0, max_suggestions)));
  std::partial_sort(candidates.begin(), candidates.begin() + static_cast<std::ptrdiff_t>(keep),
                    candidates.end(), [](const Candidate& x, const Candidate& y) {
                      return x.distance < y.distance ||
                             (x.distance == y.distance && x.index < y.index);
                    });
  std::vector<std::string> result;
  for (size_t i = 0; i < keep; ++i) result.push_back(vocabulary[candidates[i].index]);
  return result;
}

}  // namespace gv::tools
