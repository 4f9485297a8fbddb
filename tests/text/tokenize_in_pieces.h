// The streaming tokenizer as the corpus reader drives it, for tests that cut text anywhere.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "text/tokenizer.h"

namespace gv::testing {

// Tokenizes `text` with `tokenizer` (fresh, or reused after finish()) fed in consecutive pieces
// whose sizes come from next_size, through the streaming interface the corpus reader uses.
template <class NextSize>
std::vector<std::vector<std::string>> tokenize_in_pieces(gv::Tokenizer& tokenizer,
                                                         std::string_view text,
                                                         NextSize next_size) {
  std::vector<std::vector<std::string>> sentences(1);
  const auto drain = [&] {
    for (gv::Tokenizer::Event event;
         (event = tokenizer.next()) != gv::Tokenizer::Event::kNeedInput;) {
      if (event == gv::Tokenizer::Event::kToken) {
        sentences.back().emplace_back(tokenizer.token());
      } else {
        sentences.emplace_back();
      }
    }
  };
  for (size_t pos = 0; pos < text.size();) {
    const size_t size = std::min(next_size(), text.size() - pos);
    tokenizer.feed(text.substr(pos, size));
    drain();
    pos += size;
  }
  tokenizer.finish();
  drain();
  sentences.pop_back();  // the sentence opened after the last end is empty
  return sentences;
}

// As above, with a fresh tokenizer of `options`.
template <class NextSize>
std::vector<std::vector<std::string>> tokenize_in_pieces(const std::string& text,
                                                         const gv::TokenizerOptions& options,
                                                         NextSize next_size) {
  gv::Tokenizer tokenizer(options);
  return tokenize_in_pieces(tokenizer, text, next_size);
}

}  // namespace gv::testing
