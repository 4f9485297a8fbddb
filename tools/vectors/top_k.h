// TopK: the k best (index, score) pairs of a stream, without sorting the stream.
//
// A scan over a 300,000-word vocabulary needs the best 10; a heap of size k keeps each
// offer O(1) in the common case (score below the current k-th best) and O(log k) otherwise.
// Ties go to the lower index — the more frequent word in a frequency-sorted file — so
// results are deterministic. NaN scores are never kept.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

namespace gv::tools {

struct ScoredIndex {
  int64_t index;
  float score;
};

class TopK {
 public:
  explicit TopK(int64_t k) : k_(k > 0 ? k : 0) { heap_.reserve(static_cast<size_t>(k_)); }

  void offer(int64_t index, float score) {
    if (!(score == score) || k_ == 0) return;  // NaN never ranks
    const ScoredIndex candidate{index, score};
    if (static_cast<int64_t>(heap_.size()) < k_) {
      heap_.push_back(candidate);
      std::push_heap(heap_.begin(), heap_.end(), better);
    } else if (better(candidate, heap_.front())) {
      std::pop_heap(heap_.begin(), heap_.end(), better);
      heap_.back() = candidate;
      std::push_heap(heap_.begin(), heap_.end(), better);
    }
  }

  // A score must exceed this to be kept when offered after every index seen so far (a tie
  // loses to the earlier index). Lets a scan skip offer() for almost every element.
  float floor() const {
    return static_cast<int64_t>(heap_.size()) < k_ ? -std::numeric_limits<float>::infinity()
                                                   : heap_.front().score;
  }

  // Best first. The collector is left empty and can be reused.
  std::vector<ScoredIndex> take_sorted() {
    std::vector<ScoredIndex> result;
    result.swap(heap_);
    heap_.reserve(static_cast<size_t>(k_));
    std::sort(result.begin(), result.end(), better);
    return result;
  }

 private:
  // With `better` as the heap's "less", the heap's front is the worst element kept.
  static bool better(const ScoredIndex& a, const ScoredIndex& b) {
    return a.score > b.score || (a.score == b.score && a.index < b.index);
  }

  int64_t k_;
  std::vector<ScoredIndex> heap_;
};

}  // namespace gv::tools
