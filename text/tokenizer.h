// Tokenizer: turns UTF-8 text into words and sentence ends, one piece of text at a time, by one
// of three rules (TokenizerKind): words or whitespace (word_splitter.h, where the rules are
// described), or a BPE file's tokens (bpe_tokenizer.h). It holds the one its options name and
// hands it every call, so that a corpus reader reads any of them alike.
//
//   tokenizer.feed(chunk);
//   while ((event = tokenizer.next()) != Tokenizer::Event::kNeedInput) ...
//   ... feed the next chunk, or call finish() and drain the last events the same way.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "text/bpe/bpe_tokenizer.h"
#include "text/tokenizer_event.h"
#include "text/tokenizer_options.h"
#include "text/word_splitter.h"

namespace gv {

class Tokenizer {
 public:
  using Event = TokenizerEvent;

  // word2vec's MAX_STRING: longer tokens keep their first 100 bytes.
  static constexpr size_t kMaxTokenBytes = WordSplitter::kMaxTokenBytes;

  // Throws std::invalid_argument for TokenizerKind::bpe without its BpeWords.
  explicit Tokenizer(TokenizerOptions options = {});

  // Hands over the next piece of text. `text` is not copied: it must stay alive until
  // next() returns kNeedInput. Throws std::logic_error if the previous piece is not consumed.
  void feed(std::string_view text) {
    std::visit([&](auto& rule) { rule.feed(text); }, rule_);
  }
  // Declares that the text fed so far is all there is: the next() calls then yield its
  // remaining events, the last token and sentence end, and the tokenizer is ready for a new
  // text afterwards.
  void finish() {
    std::visit([](auto& rule) { rule.finish(); }, rule_);
  }
  // The words rule first, as a branch rather than std::visit's table: this is called once per
  // token of the counting pass.
  Event next() {
    if (auto* words = std::get_if<WordSplitter>(&rule_)) return words->next();
    return std::get<BpeTokenizer>(rule_).next();
  }
  // The token of the last kToken event; valid until the next call to next().
  std::string_view token() const {
    if (const auto* words = std::get_if<WordSplitter>(&rule_)) return words->token();
    return std::get<BpeTokenizer>(rule_).token();
  }
  // Bytes of the current piece of text consumed so far. Right after a kSentenceEnd caused by
  // '\n' this is the offset just past that newline: a point where no state carries over.
  size_t consumed_bytes() const {
    return std::visit([](const auto& rule) { return rule.consumed_bytes(); }, rule_);
  }
  // Forgets all state, including unconsumed input: the next feed() starts a fresh text (BPE
  // keeps its encoder's cache).
  void reset() {
    std::visit([](auto& rule) { rule.reset(); }, rule_);
  }

 private:
  std::variant<WordSplitter, BpeTokenizer> rule_;
};

// Tokenizes a whole text at once into sentences of tokens (for tests and short strings;
// CorpusReader streams files).
std::vector<std::vector<std::string>> tokenize(std::string_view text,
                                               const TokenizerOptions& options = {});

}  // namespace gv
