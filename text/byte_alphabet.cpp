#include "text/byte_alphabet.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>

namespace gv {

namespace {

// How a byte reads in an error message: 'a', or 0x0a for one that would not print.
std::string describe_byte(unsigned char byte) {
  char text[16];
  if (byte >= 0x20 && byte < 0x7f) {
    std::snprintf(text, sizeof text, "'%c'", byte);
  } else {
    std::snprintf(text, sizeof text, "byte 0x%02x", byte);
  }
  return text;
}

}  // namespace

ByteAlphabet ByteAlphabet::of_text(std::string_view text) {
  if (text.empty()) throw std::invalid_argument("no text to take characters from");
  std::array<bool, 256> seen{};
  for (const char c : text) seen[static_cast<unsigned char>(c)] = true;
  std::string symbols;
  for (int byte = 0; byte < 256; ++byte) {
    if (seen[static_cast<size_t>(byte)]) symbols.push_back(static_cast<char>(byte));
  }
  return from_symbols(std::move(symbols));
}

ByteAlphabet ByteAlphabet::from_symbols(std::string symbols) {
  if (symbols.empty()) throw std::invalid_argument("the vocabulary has no symbols");
  ByteAlphabet vocab;
  vocab.id_of_.fill(-1);
  for (size_t id = 0; id < symbols.size(); ++id) {
    const auto byte = static_cast<unsigned char>(symbols[id]);
    if (id > 0 && byte <= static_cast<unsigned char>(symbols[id - 1])) {
      throw std::invalid_argument(
          "the vocabulary's symbols are not distinct bytes in ascending "
          "order at symbol " +
          std::to_string(id));
    }
    vocab.id_of_[byte] = static_cast<int16_t>(id);
  }
  vocab.symbols_ = std::move(symbols);
  return vocab;
}

std::vector<int64_t> ByteAlphabet::encode(std::string_view text, std::string_view what,
                                          int64_t offset) const {
  std::vector<int64_t> ids(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (id_of_[byte] < 0) {
      throw std::invalid_argument(std::string(what) + ": " + describe_byte(byte) + " at offset " +
                                  std::to_string(offset + static_cast<int64_t>(i)) +
                                  " is not one of the model's " + std::to_string(size()) +
                                  " characters");
    }
    ids[i] = id_of_[byte];
  }
  return ids;
}

std::string ByteAlphabet::decode(std::span<const int64_t> ids) const {
  std::string text;
  text.reserve(ids.size());
  for (const int64_t id : ids) text.push_back(symbol(id));
  return text;
}

}  // namespace gv
