// The corpus as BPE tokens (the tokenizer of TokenizerKind::bpe, which Tokenizer hands its work
// to): each line, without its \n (and the \r of a CRLF line end), is pre-tokenized and encoded by
// the BPE file's own rule (text/bpe/bpe_encoder.h), and each token is a word spelled as its
// readable piece (bpe_words.h). The line end ends the sentence, as with the other tokenizers,
// which read a \r as a space: a CRLF corpus gives the tokens of its LF copy. Any other \r is a
// token. Nothing is lowercased, since the merges were learned from the text as it is.
//
// Fed chunk by chunk like Tokenizer, and read pre-token by pre-token (bpe::PreTokenStream): each
// is encoded once the bytes after it settle it, so a corpus without newlines streams in the
// memory of its longest pre-token; one longer than kMaxPreTokenBytes is cut there.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "text/bpe/bpe_encoder.h"
#include "text/bpe/bpe_words.h"
#include "text/bpe/pre_tokenizer.h"
#include "text/tokenizer_event.h"

namespace gv {

// A BpeEncoder whose copies start with an empty cache of their own (the cache is only a cache),
// so that a tokenizer copies and assigns like any value.
class CopyableBpeEncoder {
 public:
  explicit CopyableBpeEncoder(const bpe::BpeTokens& vocabulary)
      : vocabulary_(&vocabulary), encoder_(std::in_place, vocabulary) {}
  CopyableBpeEncoder(const CopyableBpeEncoder& other) : CopyableBpeEncoder(*other.vocabulary_) {}
  CopyableBpeEncoder& operator=(const CopyableBpeEncoder& other) {
    vocabulary_ = other.vocabulary_;
    encoder_.emplace(*vocabulary_);
    return *this;
  }

  std::span<const bpe::TokenId> encode_pre_token(std::string_view piece) {
    return encoder_->encode_pre_token(piece);
  }

 private:
  const bpe::BpeTokens* vocabulary_;
  std::optional<bpe::BpeEncoder> encoder_;
};

class BpeTokenizer {
 public:
  static constexpr size_t kMaxPreTokenBytes = size_t{1} << 20;

  // `words` must not be null.
  BpeTokenizer(std::shared_ptr<const BpeWords> words, bool line_is_sentence);

  // As Tokenizer's (tokenizer.h): `text` must stay alive until next() returns kNeedInput.
  void feed(std::string_view text);
  void finish();
  TokenizerEvent next();
  std::string_view token() const { return token_; }
  size_t consumed_bytes() const { return pos_; }
  // Forgets all state but the encoder's cache of pieces.
  void reset();

 private:
  // Encodes a pre-token into tokens_; one ending a line ends the sentence.
  void take(std::string_view piece);
  void end_sentence();

  std::shared_ptr<const BpeWords> words_;
  CopyableBpeEncoder encoder_;  // of *words_
  bool line_is_sentence_;
  std::string_view input_;
  size_t pos_ = 0;
  bool finishing_ = false;
  bpe::PreTokenStream pre_tokens_{kMaxPreTokenBytes};
  std::vector<bpe::TokenId> tokens_;  // encoded, waiting to be handed out; reused part after part
  size_t next_token_ = 0;
  bool sentence_has_tokens_ = false;
  bool sentence_end_pending_ = false;
  std::string_view token_;
};

}  // namespace gv
