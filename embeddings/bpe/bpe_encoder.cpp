#include "embeddings/bpe/bpe_encoder.h"

#include <functional>
#include <queue>
#include <tuple>

#include "embeddings/bpe/pre_tokenizer.h"

namespace gv::bpe {
namespace {

// The cache is emptied when it holds this many pieces, so that text of endless distinct pieces
// (random bytes) keeps a bounded memory.
constexpr size_t kMaxCachedPieces = size_t{1} << 16;

}  // namespace

std::vector<TokenId> BpeEncoder::encode(std::string_view text) {
  std::vector<TokenId> ids;
  for (const std::string_view piece : pre_tokenize(text)) {
    auto found = cache_.find(std::string(piece));
    if (found == cache_.end()) {
      if (cache_.size() >= kMaxCachedPieces) cache_.clear();
      found = cache_.emplace(piece, encode_piece(piece)).first;
    }
    ids.insert(ids.end(), found->second.begin(), found->second.end());
  }
  return ids;
}

// The symbols form a linked list over their first byte's position; the queue holds each
// adjacent pair that a merge joins as (made token, left position), smallest first: the lowest
// rank, and for one rank left to right. An entry is stale once its left symbol was joined into
// the one before it or its pair changed; it is then skipped. Joins make tokens of higher rank
// than the one joined, so every join of one rank happens before any of the next: O(n log n).
std::vector<TokenId> BpeEncoder::encode_piece(std::string_view piece) const {
  const size_t n = piece.size();
  std::vector<TokenId> symbol(n);
  std::vector<size_t> next(n), previous(n);
  std::vector<bool> alive(n, true);
  for (size_t i = 0; i < n; ++i) {
    symbol[i] = static_cast<unsigned char>(piece[i]);
    next[i] = i + 1;      // n: none
    previous[i] = i - 1;  // wraps for 0: none
  }
  using Entry = std::tuple<TokenId, size_t, TokenId, TokenId>;  // made, left, left id, right id
  std::priority_queue<Entry, std::vector<Entry>, std::greater<>> queue;
  const auto offer = [&](size_t left) {
    if (left >= n || next[left] >= n) return;
    const TokenId a = symbol[left], b = symbol[next[left]];
    if (const auto made = vocabulary_.merged(a, b)) queue.emplace(*made, left, a, b);
  };
  for (size_t i = 0; i + 1 < n; ++i) offer(i);
  while (!queue.empty()) {
    const auto [made, left, a, b] = queue.top();
    queue.pop();
    if (!alive[left] || next[left] >= n || symbol[left] != a || symbol[next[left]] != b) continue;
    const size_t right = next[left];
    symbol[left] = made;
    alive[right] = false;
    next[left] = next[right];
    if (next[left] < n) previous[next[left]] = left;
    if (left > 0) offer(previous[left]);
    offer(left);
  }
  std::vector<TokenId> ids;
  for (size_t i = 0; i < n; i = next[i]) ids.push_back(symbol[i]);
  return ids;
}

}  // namespace gv::bpe
