#include "text/bpe/bpe_encoder.h"

#include <algorithm>
#include <cstdint>

#include "text/bpe/pre_tokenizer.h"

namespace gv::bpe {
namespace {

// The cache is emptied when it holds this many pieces or this many tokens, so that text of
// endless distinct pieces (random bytes, a long line of letters) keeps a bounded memory.
constexpr size_t kMaxCachedPieces = size_t{1} << 18;
constexpr size_t kMaxCachedIds = size_t{1} << 22;
// A position past every symbol of a piece: "no next symbol".
constexpr size_t kNone = SIZE_MAX;

}  // namespace

std::vector<TokenId> BpeEncoder::encode(std::string_view text) {
  std::vector<TokenId> ids;
  encode_into(text, ids);
  return ids;
}

void BpeEncoder::encode_into(std::string_view text, std::vector<TokenId>& ids) {
  for_each_pre_token(text, [&](std::string_view piece) {
    const std::span<const TokenId> tokens = encode_pre_token(piece);
    ids.insert(ids.end(), tokens.begin(), tokens.end());
  });
}

std::span<const TokenId> BpeEncoder::encode_pre_token(std::string_view piece) {
  auto found = cache_.find(piece);
  if (found == cache_.end()) {
    if (cache_.size() >= kMaxCachedPieces || cached_ids_.size() + piece.size() > kMaxCachedIds) {
      cache_.clear();
      cached_ids_.clear();
    }
    const size_t begin = cached_ids_.size();
    encode_piece(piece);
    found = cache_.emplace(piece, Span{begin, cached_ids_.size() - begin}).first;
  }
  return std::span<const TokenId>(cached_ids_).subspan(found->second.begin, found->second.size);
}

// Appends the tokens of `piece` to cached_ids_. The symbols form a linked list over their first
// byte's position; the heap holds each adjacent pair that a merge joins as (made token, left
// position), smallest first: the lowest rank, and for one rank left to right. An entry is stale
// once its left symbol was joined into the one before it or its pair changed; it is then
// skipped. Joins make tokens of higher rank than the one joined, so every join of one rank
// happens before any of the next: O(n log n).
void BpeEncoder::encode_piece(std::string_view piece) {
  const auto n = piece.size();
  symbols_.resize(n);
  next_.resize(n);
  previous_.resize(n);
  for (size_t i = 0; i < n; ++i) {
    symbols_[i] = static_cast<unsigned char>(piece[i]);
    next_[i] = i + 1 < n ? i + 1 : kNone;
    previous_[i] = i > 0 ? i - 1 : kNone;
  }
  const auto later = [](const Join& x, const Join& y) {
    return x.made != y.made ? x.made > y.made : x.left > y.left;
  };
  joins_.clear();
  const auto offer = [&](size_t left) {
    if (left == kNone || next_[left] == kNone) return;
    const TokenId a = symbols_[left], b = symbols_[next_[left]];
    if (const auto made = vocabulary_.merged(a, b)) {
      joins_.push_back({*made, left, a, b});
      std::push_heap(joins_.begin(), joins_.end(), later);
    }
  };
  for (size_t i = 0; i + 1 < n; ++i) offer(i);
  while (!joins_.empty()) {
    std::pop_heap(joins_.begin(), joins_.end(), later);
    const Join join = joins_.back();
    joins_.pop_back();
    const size_t left = join.left, right = next_[left];
    // A symbol joined into the one before it has no next, so its stale entries stop here.
    if (right == kNone || symbols_[left] != join.left_id || symbols_[right] != join.right_id) {
      continue;
    }
    symbols_[left] = join.made;
    next_[left] = next_[right];
    if (next_[left] != kNone) previous_[next_[left]] = left;
    next_[right] = kNone;
    offer(previous_[left]);
    offer(left);
  }
  for (size_t i = n == 0 ? kNone : 0; i != kNone; i = next_[i]) cached_ids_.push_back(symbols_[i]);
}

}  // namespace gv::bpe
