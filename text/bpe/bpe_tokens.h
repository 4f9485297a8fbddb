// A byte-level BPE vocabulary: tokens 0-255 are the bytes, and merge k makes token 256 + k from
// the two tokens it joins, each made before it. The merges' order is their rank: encoding
// applies the earliest one that fits first.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "text/bpe/merge_table.h"

namespace gv::bpe {

// The vocabulary sizes a file or a trainer may ask for: every byte, up to about a million,
// four times the largest tokenizers in use (about 256 k tokens: Gemma's, mT5's, XLM-R's, BLOOM's;
// GPT-2 has 50 k), so that every real one is read and a file claiming more is refused before
// anything is allocated for it.
constexpr int64_t kMinVocabSize = 256;
constexpr int64_t kMaxVocabSize = int64_t{1} << 20;
// The longest token a merge may make, in bytes: it bounds what a vocabulary holds (a million
// merges, each doubling the one before, would otherwise spell tokens no memory holds) and what
// one cached piece costs; words longer than this are still merged within, into several tokens.
constexpr int64_t kMaxTokenBytes = 256;

using TokenId = int32_t;

struct Merge {
  TokenId left = 0;
  TokenId right = 0;
  bool operator==(const Merge&) const = default;
};

// A pair of tokens as one key, for the maps of pairs the trainer and the encoder keep.
inline uint64_t pair_key(TokenId left, TokenId right) {
  return (uint64_t{static_cast<uint32_t>(left)} << 32) | static_cast<uint32_t>(right);
}

class BpeTokens {
 public:
  // Throws std::invalid_argument if there are more merges than kMaxVocabSize allows, a merge
  // joins a token not made before it, makes one longer than kMaxTokenBytes, or two merges join
  // the same pair (the message says which merge, counting from 0), or if the vocabulary would not
  // fit in the memory this process may use (checked before its tokens are spelled; the message
  // names the merges' count and says to use fewer).
  explicit BpeTokens(std::vector<Merge> merges);

  int64_t size() const { return static_cast<int64_t>(tokens_.size()); }
  const std::vector<Merge>& merges() const { return merges_; }
  // The bytes token `id` stands for; `id` must be in [0, size()).
  const std::string& bytes(TokenId id) const { return tokens_[static_cast<size_t>(id)]; }
  // The token merging (left, right) makes, if a merge does: its rank is that id - 256.
  std::optional<TokenId> merged(TokenId left, TokenId right) const {
    return merged_.find(pair_key(left, right));
  }
  // The bytes of `ids`, each in [0, size()), concatenated.
  std::string decode(const std::vector<TokenId>& ids) const;

 private:
  std::vector<Merge> merges_;
  std::vector<std::string> tokens_;
  MergeTable merged_;
};

}  // namespace gv::bpe
