#include "embeddings/lm/lm_vocabulary.h"

#include <algorithm>

#include "embeddings/bpe/bpe_encoder.h"

namespace gv {

namespace {

// BPE text is encoded in pieces of about this many bytes, each ending at a line's end (where
// pre-tokenization cuts anyway, so the tokens are the whole text's): the pre-tokens of a piece
// are held at once, and a corpus's would take twice its size again.
constexpr size_t kEncodedPieceBytes = size_t{1} << 20;

bool begins_character(char byte) {
  return (static_cast<unsigned char>(byte) & 0xC0) != 0x80;
}

std::vector<int64_t> encode_bpe(const bpe::BpeVocabulary& vocabulary, std::string_view text) {
  bpe::BpeEncoder encoder(vocabulary);
  std::vector<int64_t> ids;
  std::vector<bpe::TokenId> piece_ids;  // one piece's, widened into ids
  while (!text.empty()) {
    const size_t newline = text.find('\n', std::min(text.size(), kEncodedPieceBytes) - 1);
    const size_t length = newline == std::string_view::npos ? text.size() : newline + 1;
    piece_ids.clear();
    encoder.encode_into(text.substr(0, length), piece_ids);
    ids.insert(ids.end(), piece_ids.begin(), piece_ids.end());
    text.remove_prefix(length);
  }
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
