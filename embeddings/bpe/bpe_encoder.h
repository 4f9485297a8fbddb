// Text to BPE tokens: each pre-token (pre_tokenizer.h) on its own, from its bytes, joining the
// adjacent pair of lowest rank (earliest merge) wherever it stands, left to right, then the next
// lowest, until no merge applies: the pieces training made of the same text. Pre-tokens already
// seen are looked up in a cache. decode (BpeVocabulary::decode) gives back every byte string
// exactly, invalid UTF-8, NUL and \r included.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "embeddings/bpe/bpe_vocabulary.h"

namespace gv::bpe {

class BpeEncoder {
 public:
  // `vocabulary` must outlive the encoder.
  explicit BpeEncoder(const BpeVocabulary& vocabulary) : vocabulary_(vocabulary) {}

  std::vector<TokenId> encode(std::string_view text);

 private:
  std::vector<TokenId> encode_piece(std::string_view piece) const;

  const BpeVocabulary& vocabulary_;
  std::unordered_map<std::string, std::vector<TokenId>> cache_;
};

}  // namespace gv::bpe
