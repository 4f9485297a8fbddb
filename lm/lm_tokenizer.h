// LmTokenizer: the symbols a language model reads and predicts, and the tokenizer that turns
// text into them: the distinct bytes of its corpus (ByteAlphabet, `--tokenizer chars`) or the
// tokens of a byte-level BPE file (text/bpe/, `--tokenizer FILE`).
//
// A character, where losses are counted per character, is a UTF-8 code point: every byte that
// does not continue one (is not 10xxxxxx) begins one. Text in ASCII has one per byte, so a
// character model's loss per token is then its loss per character; a stray continuation byte of
// invalid UTF-8 adds to the character it follows.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "text/bpe/bpe_tokens.h"
#include "text/byte_alphabet.h"

namespace gv {

class LmTokenizer {
 public:
  LmTokenizer() = default;
  explicit LmTokenizer(ByteAlphabet characters) : symbols_(std::move(characters)) {}
  explicit LmTokenizer(bpe::BpeTokens tokens) : symbols_(std::move(tokens)) {}

  // Null for the other kind.
  const ByteAlphabet* characters() const { return std::get_if<ByteAlphabet>(&symbols_); }
  const bpe::BpeTokens* bpe() const { return std::get_if<bpe::BpeTokens>(&symbols_); }
  int64_t size() const;
  // "characters" or "BPE tokens", for messages: "65 characters", "4096 BPE tokens".
  const char* unit() const { return bpe() ? "BPE tokens" : "characters"; }
  // Both characters, or both BPE with the same merges: a model trained over one reads the other.
  bool same_tokenizer(const LmTokenizer& other) const;

  // The ids of `text`. Characters throw std::invalid_argument naming `what`, the byte and its
  // offset (`offset` + its place in `text`: where `text` starts in `what`) when one is not in
  // the vocabulary; BPE tokens hold every byte.
  std::vector<int64_t> encode(std::string_view text, std::string_view what,
                              int64_t offset = 0) const;
  // The bytes of `ids`, each in [0, size()), exactly.
  std::string decode(std::span<const int64_t> ids) const;
  // The UTF-8 code points `ids` decode to (see above).
  int64_t characters_in(std::span<const int64_t> ids) const;
  // What a sample starts from when not given a prompt: the first character, a newline for
  // TinyShakespeare's characters, and a newline for BPE tokens, where any text may start.
  std::string default_prompt() const;

 private:
  std::variant<ByteAlphabet, bpe::BpeTokens> symbols_;
};

}  // namespace gv
