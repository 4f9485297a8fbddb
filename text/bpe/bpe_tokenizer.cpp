#include "text/bpe/bpe_tokenizer.h"

#include <algorithm>
#include <stdexcept>

namespace gv {
namespace {

// The most input given to the pre-tokens at once (a line's end comes sooner).
constexpr size_t kPartBytes = size_t{1} << 16;

}  // namespace

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
  pre_tokens_ = bpe::PreTokenStream(kMaxPreTokenBytes);
  tokens_.clear();
  next_token_ = 0;
  sentence_has_tokens_ = false;
  sentence_end_pending_ = false;
  token_ = {};
}

TokenizerEvent BpeTokenizer::next() {
  const auto take_piece = [this](std::string_view piece) { take(piece); };
  while (true) {
    if (next_token_ < tokens_.size()) {
      token_ = words_->piece(tokens_[next_token_++]);
      return TokenizerEvent::kToken;
    }
    if (sentence_end_pending_) {
      sentence_end_pending_ = false;
      return TokenizerEvent::kSentenceEnd;
    }
    tokens_.clear();
    next_token_ = 0;
    if (pos_ < input_.size()) {
      // Up to a line's end, whose sentence end comes after its tokens, and at most kPartBytes, so
      // that the tokens waiting are few whatever the chunk.
      const std::string_view window = input_.substr(pos_, kPartBytes);
      const std::string_view part =
          window.substr(0, std::min(window.find('\n'), window.size() - 1) + 1);
      pos_ += part.size();
      pre_tokens_.add(part, take_piece);
    } else if (finishing_) {
      finishing_ = false;
      pre_tokens_.finish(take_piece);
      end_sentence();
    } else {
      return TokenizerEvent::kNeedInput;
    }
  }
}

void BpeTokenizer::take(std::string_view piece) {
  const bool line_end = piece.ends_with('\n');
  if (line_end) {
    // A CRLF line end is a line end: its \r is no more a token than the \n is, so that a corpus
    // reads the same with either, as it does with the other tokenizers. The line's last
    // pre-token holds them, after any other whitespace ending the line.
    piece.remove_suffix(piece.ends_with("\r\n") ? 2 : 1);
  }
  const std::span<const bpe::TokenId> ids = encoder_.encode_pre_token(piece);
  tokens_.insert(tokens_.end(), ids.begin(), ids.end());
  if (!ids.empty()) sentence_has_tokens_ = true;
  if (line_end && line_is_sentence_) end_sentence();
}

void BpeTokenizer::end_sentence() {
  if (!sentence_has_tokens_) return;
  sentence_has_tokens_ = false;
  sentence_end_pending_ = true;
}

}  // namespace gv
