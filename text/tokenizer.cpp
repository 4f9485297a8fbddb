#include "text/tokenizer.h"

#include <stdexcept>
#include <utility>

namespace gv {

namespace {

std::variant<WordSplitter, BpeTokenizer> rule_of(TokenizerOptions options) {
  if (options.kind != TokenizerKind::bpe) return WordSplitter(std::move(options));
  if (options.bpe == nullptr) throw std::invalid_argument("a BPE tokenizer needs its BPE file");
  return BpeTokenizer(options.bpe, options.line_is_sentence);
}

}  // namespace

Tokenizer::Tokenizer(TokenizerOptions options) : rule_(rule_of(std::move(options))) {}

std::vector<std::vector<std::string>> tokenize(std::string_view text,
                                               const TokenizerOptions& options) {
  Tokenizer tokenizer(options);
  std::vector<std::vector<std::string>> sentences;
  std::vector<std::string> sentence;
  const auto drain = [&] {
    for (Tokenizer::Event event; (event = tokenizer.next()) != Tokenizer::Event::kNeedInput;) {
      if (event == Tokenizer::Event::kToken) {
        sentence.emplace_back(tokenizer.token());
      } else {
        sentences.push_back(std::move(sentence));
        sentence.clear();
      }
    }
  };
  tokenizer.feed(text);
  drain();
  tokenizer.finish();
  drain();
  return sentences;
}

}  // namespace gv
