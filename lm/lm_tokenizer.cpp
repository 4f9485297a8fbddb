#include "lm/lm_tokenizer.h"

#include <algorithm>
#include <string>

#include "io/input_pass_stop.h"
#include "text/bpe/bpe_encoder.h"
#include "text/bpe/pre_tokenizer.h"

namespace gv {

namespace {

bool begins_character(char byte) {
  return (static_cast<unsigned char>(byte) & 0xC0) != 0x80;
}

// Pre-token by pre-token, widened into ids as they come: nothing but the ids grows with the text.
// A stop (io/input_pass_stop.h) ends it at the next MiB: a large corpus takes seconds.
std::vector<int64_t> encode_bpe(const bpe::BpeTokens& vocabulary, std::string_view text,
                                std::string_view what) {
  constexpr size_t kStopCheckBytes = size_t{1} << 20;
  bpe::BpeEncoder encoder(vocabulary);
  std::vector<int64_t> ids;
  size_t read = 0, next_check = 0;
  bpe::for_each_pre_token(text, [&](std::string_view piece) {
    if ((read += piece.size()) >= next_check) {
      throw_if_input_pass_stopped("encoding " + std::string(what));
      next_check = read + kStopCheckBytes;
    }
    const std::span<const bpe::TokenId> tokens = encoder.encode_pre_token(piece);
    ids.insert(ids.end(), tokens.begin(), tokens.end());
  });
  return ids;
}

}  // namespace

int64_t LmTokenizer::size() const {
  return std::visit([](const auto& symbols) { return symbols.size(); }, symbols_);
}

bool LmTokenizer::same_tokenizer(const LmTokenizer& other) const {
  if (characters()) return other.characters() != nullptr;
  return other.bpe() && bpe()->merges() == other.bpe()->merges();
}

std::vector<int64_t> LmTokenizer::encode(std::string_view text, std::string_view what,
                                         int64_t offset) const {
  if (const ByteAlphabet* chars = characters()) return chars->encode(text, what, offset);
  return encode_bpe(*bpe(), text, what);
}

std::string LmTokenizer::decode(std::span<const int64_t> ids) const {
  if (const ByteAlphabet* chars = characters()) return chars->decode(ids);
  std::string text;
  for (const int64_t id : ids) text += bpe()->bytes(static_cast<bpe::TokenId>(id));
  return text;
}

int64_t LmTokenizer::characters_in(std::span<const int64_t> ids) const {
  int64_t count = 0;
  if (const ByteAlphabet* chars = characters()) {
    for (const int64_t id : ids) count += begins_character(chars->symbol(id));
    return count;
  }
  for (const int64_t id : ids) {
    const std::string& bytes = bpe()->bytes(static_cast<bpe::TokenId>(id));
    count += std::count_if(bytes.begin(), bytes.end(), begins_character);
  }
  return count;
}

std::string LmTokenizer::default_prompt() const {
  if (const ByteAlphabet* chars = characters()) return std::string(1, chars->symbol(0));
  return "\n";
}

}  // namespace gv
