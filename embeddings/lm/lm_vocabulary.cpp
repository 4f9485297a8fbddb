#include "embeddings/lm/lm_vocabulary.h"

#include <algorithm>

#include "embeddings/bpe/bpe_encoder.h"
#include "embeddings/bpe/pre_tokenizer.h"

namespace gv {

namespace {

bool begins_character(char byte) {
  return (static_cast<unsigned char>(byte) & 0xC0) != 0x80;
}

// Pre-token by pre-token, widened into ids as they come: nothing but the ids grows with the text.
std::vector<int64_t> encode_bpe(const bpe::BpeVocabulary& vocabulary, std::string_view text) {
  bpe::BpeEncoder encoder(vocabulary);
  std::vector<int64_t> ids;
  bpe::for_each_pre_token(text, [&](std::string_view piece) {
    const std::span<const bpe::TokenId> tokens = encoder.encode_pre_token(piece);
    ids.insert(ids.end(), tokens.begin(), tokens.end());
  });
  return ids;
}

}  // namespace

int64_t LmVocabulary::size() const {
  return std::visit([](const auto& symbols) { return symbols.size(); }, symbols_);
}

bool LmVocabulary::same_tokenizer(const LmVocabulary& other) const {
  if (characters()) return other.characters() != nullptr;
  return other.bpe() && bpe()->merges() == other.bpe()->merges();
}

std::vector<int64_t> LmVocabulary::encode(std::string_view text, std::string_view what,
                                          int64_t offset) const {
  if (const CharVocabulary* chars = characters()) return chars->encode(text, what, offset);
  return encode_bpe(*bpe(), text);
}

std::string LmVocabulary::decode(std::span<const int64_t> ids) const {
  if (const CharVocabulary* chars = characters()) return chars->decode(ids);
  std::string text;
  for (const int64_t id : ids) text += bpe()->bytes(static_cast<bpe::TokenId>(id));
  return text;
}

int64_t LmVocabulary::characters_in(std::span<const int64_t> ids) const {
  int64_t count = 0;
  if (const CharVocabulary* chars = characters()) {
    for (const int64_t id : ids) count += begins_character(chars->symbol(id));
    return count;
  }
  for (const int64_t id : ids) {
    const std::string& bytes = bpe()->bytes(static_cast<bpe::TokenId>(id));
    count += std::count_if(bytes.begin(), bytes.end(), begins_character);
  }
  return count;
}

std::string LmVocabulary::default_prompt() const {
  if (const CharVocabulary* chars = characters()) return std::string(1, chars->symbol(0));
  return "\n";
}

}  // namespace gv
