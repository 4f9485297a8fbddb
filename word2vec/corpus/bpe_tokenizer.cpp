#include "word2vec/corpus/bpe_tokenizer.h"

#include <stdexcept>

#include "embeddings/bpe/pre_tokenizer.h"

namespace gv {

BpeTokenizer::BpeTokenizer(std::shared_ptr<const BpeWords> words, bool line_is_sentence)
    : words_(std::move(words)),
      encoder_(words_->vocabulary()),
      line_is_sentence_(line_is_sentence) {}

void BpeTokenizer::feed(std::string_view text) {
  if (pos_ < input_.size() || next_token_ < tokens_.size() || sentence_end_pending_ || finishing_) {
    throw std::logic_error("BpeTokenizer::feed called before next() returned kNeedInput");
  }
  input_ = text;
  pos_ = 0;
}

void BpeTokenizer::finish() {
  finishing_ = true;
}

void BpeTokenizer::reset() {
  input_ = {};
  pos_ = 0;
  finishing_ = false;
  line_.clear();
  tokens_.clear();
  next_token_ = 0;
  sentence_has_tokens_ = false;
  sentence_end_pending_ = false;
  token_ = {};
}

TokenizerEvent BpeTokenizer::next() {
  while (true) {
    if (next_token_ < tokens_.size()) {
      token_ = words_->piece(tokens_[next_token_++]);
      return TokenizerEvent::kToken;
    }
    if (sentence_end_pending_) {
      sentence_end_pending_ = false;
      return TokenizerEvent::kSentenceEnd;
    }
    if (pos_ < input_.size()) {
      const size_t newline = input_.find('\n', pos_);
      const size_t end = newline == std::string_view::npos ? input_.size() : newline;
      line_.append(input_.substr(pos_, end - pos_));
      pos_ = newline == std::string_view::npos ? end : end + 1;
      if (newline != std::string_view::npos) {
        // A CRLF line end is a line end: its \r is no more a token than the \n is, so that a
        // corpus reads the same with either, as it does with the other tokenizers.
        if (line_.ends_with('\r')) line_.pop_back();
        encode_pending(/*keep_last=*/false);
        if (line_is_sentence_) end_sentence();
      } else if (line_.size() > kMaxPendingBytes) {
        encode_pending(/*keep_last=*/true);
      }
    } else if (finishing_) {
      finishing_ = false;
      encode_pending(/*keep_last=*/false);
      end_sentence();
    } else {
      return TokenizerEvent::kNeedInput;
    }
  }
}

void BpeTokenizer::encode_pending(bool keep_last) {
  size_t encoded = line_.size();
  if (keep_last) {
    // A pre-token before the last one ends where the next begins whatever follows; the last
    // may go on. One pre-token alone is cut here.
    pieces_.clear();
    bpe::pre_tokenize_into(line_, pieces_);
    if (pieces_.size() > 1) {
      encoded = static_cast<size_t>(pieces_.back().data() - line_.data());
    } else if (line_.ends_with('\r')) {
      --encoded;  // it may be the first half of a CRLF line end
    }
  }
  tokens_.clear();
  encoder_.encode_into(std::string_view(line_).substr(0, encoded), tokens_);
  next_token_ = 0;
  if (!tokens_.empty()) sentence_has_tokens_ = true;
  line_.erase(0, encoded);
}

void BpeTokenizer::end_sentence() {
  if (!sentence_has_tokens_) return;
  sentence_has_tokens_ = false;
  sentence_end_pending_ = true;
}

}  // namespace gv
