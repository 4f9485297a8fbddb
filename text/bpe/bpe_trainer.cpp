#include "text/bpe/bpe_trainer.h"

#include <algorithm>
#include <limits>
#include <queue>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include "io/input_pass_stop.h"
#include "text/bpe/pre_tokenizer.h"

namespace gv::bpe {
namespace {

// A distinct pre-token: its symbols are symbols_[begin, begin + size) of the learner.
struct Word {
  size_t begin = 0;
  size_t size = 0;
  int64_t count = 0;
};

struct Candidate {
  int64_t count;
  TokenId left;
  TokenId right;
  // Lower priority: a smaller count, or an equal one with a larger pair.
  bool operator<(const Candidate& other) const {
    if (count != other.count) return count < other.count;
    if (left != other.left) return left > other.left;
    return right > other.right;
  }
};

class MergeLearner {
 public:
  explicit MergeLearner(const PieceCounts& counts) {
    // Pairs name the words holding them by 32-bit index, half the memory of 64-bit ones.
    if (counts.size() > static_cast<size_t>(std::numeric_limits<int32_t>::max())) {
      throw std::length_error("the corpus has " + std::to_string(counts.size()) +
                              " distinct pre-tokens, more than BPE training numbers (2^31 - 1): "
                              "train on a part of it");
    }
    for (int byte = 0; byte < kMinVocabSize; ++byte) lengths_.push_back(1);
    words_.reserve(counts.size());
    symbols_.reserve(counts.total_bytes());
    counts.for_each([&](std::string_view piece, int64_t count) {
      const Word word{symbols_.size(), piece.size(), count};
      for (const char c : piece) symbols_.push_back(static_cast<unsigned char>(c));
      const auto index = static_cast<int32_t>(words_.size());
      for (size_t i = word.begin; i + 1 < symbols_.size(); ++i) {
        const uint64_t key = pair_key(symbols_[i], symbols_[i + 1]);
        pair_counts_[key] += count;
        holders_[key].push_back(index);
      }
      words_.push_back(word);
    });
    for (const auto& [key, count] : pair_counts_) offer(key, count);
  }

  std::vector<Merge> learn(int64_t merges_wanted) {
    std::vector<Merge> merges;
    const std::string doing = "learning BPE merges";
    while (static_cast<int64_t>(merges.size()) < merges_wanted && !queue_.empty()) {
      // Thousands of merges over a large corpus take a while: a stop signal need not wait.
      throw_if_input_pass_stopped(doing);
      const Candidate top = queue_.top();
      queue_.pop();
      const uint64_t key = pair_key(top.left, top.right);
      const auto found = pair_counts_.find(key);
      const int64_t now = found == pair_counts_.end() ? 0 : found->second;
      // A stale entry: a count that fell since is queued again as it is now; one that rose
      // was queued when it rose.
      if (now != top.count) {
        if (now > 0 && now < top.count) queue_.push({now, top.left, top.right});
        continue;
      }
      const auto made = static_cast<TokenId>(lengths_.size());
      merges.push_back({top.left, top.right});
      lengths_.push_back(lengths_[static_cast<size_t>(top.left)] +
                         lengths_[static_cast<size_t>(top.right)]);
      apply(top.left, top.right, made);
    }
    return merges;
  }

 private:
  // Queues `key` unless the token it would make is too long to be merged at all.
  void offer(uint64_t key, int64_t count) {
    const auto left = static_cast<TokenId>(key >> 32), right = static_cast<TokenId>(key);
    if (lengths_[static_cast<size_t>(left)] + lengths_[static_cast<size_t>(right)] <=
        kMaxTokenBytes) {
      queue_.push({count, left, right});
    }
  }

  // Joins (a, b) into `made` in every word holding it, and updates the counts of the pairs
  // beside each place joined.
  void apply(TokenId a, TokenId b, TokenId made) {
    std::vector<int32_t> holders = std::move(holders_[pair_key(a, b)]);
    holders_.erase(pair_key(a, b));
    std::sort(holders.begin(), holders.end());
    holders.erase(std::unique(holders.begin(), holders.end()), holders.end());
    changes_.clear();
    for (const int32_t index : holders)
      join_in(words_[static_cast<size_t>(index)], index, a, b, made);
    for (const auto& [key, change] : changes_) {
      if (change == 0) continue;
      int64_t& count = pair_counts_[key];
      count += change;
      if (change > 0) offer(key, count);
      if (count == 0) pair_counts_.erase(key);
    }
  }

  // Each original pair a join touches is taken away once (the pair between two joins, by the
  // first), and each new pair with `made` is added once (between two joins, by the second). The
  // word is rewritten in place: symbol `out` is written after symbol `i` >= `out` is read.
  void join_in(Word& word, int32_t index, TokenId a, TokenId b, TokenId made) {
    TokenId* const s = symbols_.data() + word.begin;
    const size_t n = word.size;
    const int64_t c = word.count;
    size_t out = 0;
    bool joined_last = false;
    for (size_t i = 0; i < n;) {
      if (i + 1 < n && s[i] == a && s[i + 1] == b) {
        changes_[pair_key(a, b)] -= c;
        if (out > 0) {
          if (!joined_last) changes_[pair_key(s[out - 1], a)] -= c;
          add_pair(s[out - 1], made, c, index);
        }
        if (i + 2 < n) {
          changes_[pair_key(b, s[i + 2])] -= c;
          const bool joins_next = i + 3 < n && s[i + 2] == a && s[i + 3] == b;
          if (!joins_next) add_pair(made, s[i + 2], c, index);
        }
        s[out++] = made;
        i += 2;
        joined_last = true;
      } else {
        s[out++] = s[i];
        i += 1;
        joined_last = false;
      }
    }
    word.size = out;
  }

  void add_pair(TokenId left, TokenId right, int64_t count, int32_t index) {
    const uint64_t key = pair_key(left, right);
    changes_[key] += count;
    holders_[key].push_back(index);
  }

  std::vector<Word> words_;
  // Every word's symbols, word after word, so that a merge's walk over the words holding its
  // pair (in index order) reads memory in one direction.
  std::vector<TokenId> symbols_;
  std::vector<int64_t> lengths_;  // bytes of each token made so far
  std::unordered_map<uint64_t, int64_t> pair_counts_;
  std::unordered_map<uint64_t, std::vector<int32_t>> holders_;  // may repeat or be stale
  std::unordered_map<uint64_t, int64_t> changes_;               // of one merge
  std::priority_queue<Candidate> queue_;
};

}  // namespace

void BpeTrainer::add_text(std::string_view text) {
  for_each_pre_token(text, [&](std::string_view piece) { add_pre_token(piece, 1); });
}

void BpeTrainer::add_pre_token(std::string_view piece, int64_t count) {
  counts_.add(piece, count);
}

std::vector<Merge> BpeTrainer::learn(int64_t vocab_size) const {
  if (vocab_size < kMinVocabSize || vocab_size > kMaxVocabSize) {
    throw std::invalid_argument("vocabulary size must be in [" + std::to_string(kMinVocabSize) +
                                ", " + std::to_string(kMaxVocabSize) + "], got " +
                                std::to_string(vocab_size));
  }
  return MergeLearner(counts_).learn(vocab_size - kMinVocabSize);
}

}  // namespace gv::bpe
