// Text to BPE tokens: each pre-token (pre_tokenizer.h) on its own, from its bytes, joining the
// adjacent pair of lowest rank (earliest merge) wherever it stands, left to right, then the next
// lowest, until no merge applies: the pieces training made of the same text. Pre-tokens already
// seen are looked up in a cache. decode (BpeTokens::decode) gives back every byte string
// exactly, invalid UTF-8, NUL and \r included.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "text/bpe/bpe_tokens.h"
#include "text/bpe/piece_hash.h"

namespace gv::bpe {

class BpeEncoder {
 public:
  // `vocabulary` must outlive the encoder.
  explicit BpeEncoder(const BpeTokens& vocabulary) : vocabulary_(vocabulary) {}

  std::vector<TokenId> encode(std::string_view text);
  // Appends the tokens of `text` to `ids`: the same tokens as encode, without a vector per call.
  void encode_into(std::string_view text, std::vector<TokenId>& ids);
  // The tokens of one piece of pre_tokenize's (any bytes are encoded, but only a piece gets the
  // tokens of the text holding it), valid until the next call: a reader of text in parts
  // (PreTokenStream) encodes each piece as it comes.
  std::span<const TokenId> encode_pre_token(std::string_view piece);

 private:
  // Where a cached piece's tokens are in cached_ids_.
  struct Span {
    size_t begin;
    size_t size;
  };
  // A pair that a merge joins, queued while a piece is encoded (see encode_piece).
  struct Join {
    TokenId made;
    size_t left;
    TokenId left_id;
    TokenId right_id;
  };

  void encode_piece(std::string_view piece);

  const BpeTokens& vocabulary_;
  PieceMap<Span> cache_;
  std::vector<TokenId> cached_ids_;
  // encode_piece's working space, kept between calls so that a piece allocates nothing.
  std::vector<TokenId> symbols_;
  std::vector<size_t> next_, previous_;
  std::vector<Join> joins_;
};

}  // namespace gv::bpe
