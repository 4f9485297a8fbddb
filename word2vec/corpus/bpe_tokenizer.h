// The corpus as BPE tokens (the tokenizer of TokenizerKind::bpe, which Tokenizer hands its work
// to): each line, without its \n (and the \r of a CRLF line end), is pre-tokenized and encoded by
// the BPE file's own rule (embeddings/bpe/bpe_encoder.h), and each token is a word spelled as its
// readable piece (bpe_words.h). The line end ends the sentence, as with the other tokenizers,
// which read a \r as a space: a CRLF corpus gives the tokens of its LF copy. Any other \r is a
// token. Nothing is lowercased, since the merges were learned from the text as it is.
//
// Fed chunk by chunk like Tokenizer: a line cut by a chunk boundary is kept until its end comes.
// A line longer than kMaxPendingBytes is encoded as it comes, up to its last pre-token (which
// the next bytes may still extend), so a corpus without newlines streams in bounded memory; a
// single pre-token that long is cut there.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "embeddings/bpe/bpe_encoder.h"
#include "word2vec/corpus/bpe_words.h"
#include "word2vec/corpus/tokenizer_event.h"

namespace gv {

// A BpeEncoder whose copies start with an empty cache of their own (the cache is only a cache),
// so that a tokenizer copies and assigns like any value.
class CopyableBpeEncoder {
 public:
  explicit CopyableBpeEncoder(const bpe::BpeVocabulary& vocabulary)
      : vocabulary_(&vocabulary), encoder_(std::in_place, vocabulary) {}
  CopyableBpeEncoder(const CopyableBpeEncoder& other) : CopyableBpeEncoder(*other.vocabulary_) {}
  CopyableBpeEncoder& operator=(const CopyableBpeEncoder& other) {
    vocabulary_ = other.vocabulary_;
    encoder_.emplace(*vocabulary_);
    return *this;
  }

  void encode_into(std::string_view text, std::vector<bpe::TokenId>& ids) {
    encoder_->encode_into(text, ids);
  }

 private:
  const bpe::BpeVocabulary* vocabulary_;
  std::optional<bpe::BpeEncoder> encoder_;
};

class BpeTokenizer {
 public:
  static constexpr size_t kMaxPendingBytes = size_t{1} << 20;

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
  // Encodes line_ into tokens_ (all of it, or with `keep_last` up to its last pre-token, which
  // stays in line_).
  void encode_pending(bool keep_last);
  void end_sentence();

  std::shared_ptr<const BpeWords> words_;
  CopyableBpeEncoder encoder_;  // of *words_
  bool line_is_sentence_;
  std::string_view input_;
  size_t pos_ = 0;
  bool finishing_ = false;
  std::string line_;                  // the current line's bytes not yet encoded
  std::vector<bpe::TokenId> tokens_;  // encoded, waiting to be handed out; reused line after line
  std::vector<std::string_view> pieces_;  // a long line's pre-tokens, to find its last; reused
  size_t next_token_ = 0;
  bool sentence_has_tokens_ = false;
  bool sentence_end_pending_ = false;
  std::string_view token_;
};

}  // namespace gv
