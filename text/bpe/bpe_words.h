// A BPE vocabulary (text/bpe/) as the words of a corpus: `train --tokenizer tok.bpe` reads
// the corpus as BPE tokens, and each token's word, in the vocabulary, the checkpoint and the
// vector file, is its readable piece (text/bpe/readable_piece.h): " king" is "▁king".
// Shared, read-only, by every reader of the corpus.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "text/bpe/bpe_tokens.h"

namespace gv {

class BpeWords {
 public:
  explicit BpeWords(bpe::BpeTokens vocabulary);
  // The set of pieces views the pieces' strings, which a copy would leave dangling.
  BpeWords(const BpeWords&) = delete;
  BpeWords& operator=(const BpeWords&) = delete;

  const bpe::BpeTokens& vocabulary() const { return vocabulary_; }
  // The readable piece of token `id`, in [0, vocabulary().size()).
  const std::string& piece(bpe::TokenId id) const { return pieces_[static_cast<size_t>(id)]; }
  // Whether `word` is the piece of one of the tokens: a word the corpus can yield.
  bool has_piece(std::string_view word) const { return piece_set_.contains(word); }
  // XXH64 of the merges as a BPE file holds them (bpe_file.h): the hash of the file itself when
  // gradvec wrote it, which tells two tokenizers apart in messages.
  uint64_t fingerprint() const { return fingerprint_; }
  // "BPE merges <fingerprint in hex>": the tokenizer as messages name it.
  std::string name() const;

 private:
  bpe::BpeTokens vocabulary_;
  std::vector<std::string> pieces_;
  std::unordered_set<std::string_view> piece_set_;  // views into pieces_
  uint64_t fingerprint_ = 0;
};

}  // namespace gv
