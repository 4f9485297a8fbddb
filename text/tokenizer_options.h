// How a corpus is cut into tokens: the rule (TokenizerKind) and its settings, shared by the
// tokenizer (tokenizer.h) and everything that records or compares how a corpus was read
// (checkpoints, the vocabulary's notes).
#pragma once

#include <memory>

#include "text/bpe/bpe_words.h"

namespace gv {

enum class TokenizerKind { words, whitespace, bpe };

struct TokenizerOptions {
  TokenizerKind kind = TokenizerKind::words;
  bool lowercase = true;
  // words only: each punctuation character becomes a one-character token
  bool keep_punctuation = false;
  bool line_is_sentence = true;  // '\n' ends a sentence; if false, only the end of input does
  // bpe only (and then not null): the BPE file's tokens, shared by every reader of a corpus.
  // lowercase and keep_punctuation do not apply to it.
  std::shared_ptr<const BpeWords> bpe = nullptr;
};

}  // namespace gv
